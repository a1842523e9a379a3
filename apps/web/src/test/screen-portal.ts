import { notifications } from '@mantine/notifications';
import { act, cleanup, waitFor } from '@testing-library/react';
import type { Window as HappyDomWindow } from 'happy-dom';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type PortalServer, startPortalServer } from './portal-server.ts';

export type ScreenPortal = {
  server: PortalServer;
  app: typeof import('./test-utils.tsx');
  session: typeof import('../lib/session/session-store.ts');
};

/**
 * The real portal server behind a file of screen tests. The page is put on the server's origin before the
 * app's modules (and axios) load, so they are imported late; each test ends with nothing rendered, no
 * notification and nobody signed in.
 */
export function setUpScreenPortal(
  env: Record<string, string> = {},
  serverOptions: Parameters<typeof startPortalServer>[1] = {},
): ScreenPortal {
  const portal = {} as ScreenPortal;
  beforeAll(async () => {
    portal.server = await startPortalServer(env, serverOptions);
    (window as unknown as HappyDomWindow).happyDOM.setURL(`${portal.server.url}/`);
    portal.app = await import('./test-utils.tsx');
    portal.session = await import('../lib/session/session-store.ts');
  }, 120_000);
  afterAll(() => portal.server?.close());
  afterEach(() => {
    cleanup();
    notifications.clean();
    portal.session?.logout();
  });
  return portal;
}

/** The app at `entry` (a path, or a history entry with its state) in `language`, set again once the detector has settled (the first render's may land late). */
export async function renderScreen(
  portal: ScreenPortal,
  entry: Parameters<ScreenPortal['app']['renderApp']>[0],
  language: 'pt-BR' | 'en',
) {
  const view = await portal.app.renderApp(entry, language);
  await waitFor(() => expect(i18next.isInitialized).toBe(true));
  await act(() => i18next.changeLanguage(language));
  return view;
}
