import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, whenI18nReady } from '../i18n/i18n.ts';
import { App } from './app.tsx';

/**
 * The SPA in `root`: on its own page (index.html), or over a prerendered one for a signed-in customer
 * (decision 039), whose prerendered HTML stays until the app's first render replaces it.
 */
export function startSpa(root: HTMLElement): void {
  initI18n();
  // After the detected language's texts, so an English visitor never sees the Portuguese fallback first.
  void whenI18nReady().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
