import './app/styles/first-paint-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n, whenI18nReady } from './i18n/i18n.ts';

initI18n();

const root = document.getElementById('root');
// After the detected language's texts, so an English visitor never sees the Portuguese fallback first.
if (root) {
  void whenI18nReady().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
