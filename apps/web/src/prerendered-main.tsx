import './app/styles/first-paint-styles.ts';
import { startPrerenderedPage } from './app/islands/start-islands.tsx';

// The script of every prerendered public page (decision 039): not render-blocking, run after the HTML is in.
void startPrerenderedPage();
