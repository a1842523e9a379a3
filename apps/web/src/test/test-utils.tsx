import { cleanup, configure, render } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { AppProviders } from '../app/app-providers.tsx';
import { routes } from '../app/routes.tsx';
import { initI18n } from '../i18n/i18n.ts';
import { MemoryStorage } from '../lib/test-storage.ts';

type Entry = string | { pathname: string; search?: string; hash?: string; state?: unknown };

afterEach(() => cleanup());

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens to it for font loads.
const documentWithFonts = document as unknown as { fonts?: EventTarget };
documentWithFonts.fonts ??= new EventTarget();

// Two cores run every suite at once and screen tests wait on the real portal server (argon2, several
// round trips): a screen's answer can take well over the default second.
configure({ asyncUtilTimeout: 15_000 });

// Menus and modals appear at once (the app honours reduced motion), so tests need not wait for transitions.
(
  window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: string } } } }
).happyDOM.settings.device.prefersReducedMotion = 'reduce';

/** The whole app (real providers, real routes) at `entry`, in `language`. */
export async function renderApp(entry: Entry, language: 'pt-BR' | 'en' = 'pt-BR') {
  initI18n();
  await i18next.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  // A storage of its own: the persister's throttled write from the previous test's render can land after
  // that test cleared sessionStorage, and would restore another user's cached account into this one.
  const view = render(
    <AppProviders persistStorage={new MemoryStorage()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
