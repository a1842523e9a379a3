import './app/styles/first-paint-styles.ts';
import { startSpa } from './app/start-spa.tsx';

// Its own page (index.html), or a prerendered one a signed-in customer opened (decision 039).
const root = document.getElementById('root');
if (root) startSpa(root);
