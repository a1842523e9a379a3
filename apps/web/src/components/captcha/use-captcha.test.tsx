import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import { type PortalServer, startPortalServer } from '../../test/portal-server.ts';

/**
 * reCAPTCHA v3 through the whole chain: the page loads Google's script for the configured site key, asks it
 * for a token made for the form's action, and the real server checks that token with siteverify — played
 * by a local server answering as Google does (score and action by token).
 */
let siteverify: TestServer;
let server: PortalServer;
let app: typeof import('../../test/test-utils.tsx');

beforeAll(async () => {
  siteverify = await startTestServer();
  siteverify.handle((request, response) => {
    const token = new URLSearchParams(request.body.toString()).get('response') ?? '';
    const [kind, action] = token.split(':');
    if (kind !== 'v3' && kind !== 'low')
      return sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-response'] });
    sendJson(response, 200, {
      success: true,
      score: kind === 'v3' ? 0.9 : 0.2,
      action,
      hostname: '127.0.0.1',
      challenge_ts: new Date().toISOString(),
    });
  });
  server = await startPortalServer({
    CAPTCHA_PROVIDER: 'recaptcha-v3',
    CAPTCHA_SITE_KEY: 'site-key',
    CAPTCHA_SECRET_KEY: 'secret-key',
    RECAPTCHA_VERIFY_URL: `${siteverify.url}/recaptcha/api/siteverify`,
  });
  const happyDom = (window as unknown as HappyDomWindow).happyDOM;
  happyDom.setURL(`${server.url}/`);
  // Google's script itself is not fetched: the page sees it load, and `grecaptcha` below is what it defines.
  happyDom.settings.disableJavaScriptFileLoading = true;
  happyDom.settings.handleDisabledFileLoadingAsSuccess = true;
  app = await import('../../test/test-utils.tsx');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await siteverify?.close();
});
afterEach(() => {
  cleanup();
  notifications.clean();
});

let scoreKind = 'v3';
(window as unknown as Record<string, unknown>).grecaptcha = {
  ready: (callback: () => void) => callback(),
  execute: (_siteKey: string, { action }: { action: string }) => Promise.resolve(`${scoreKind}:${action}`),
};

const SLOW = { timeout: 30_000 };
let counter = 0;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const verifiedTokens = () =>
  siteverify.requests.map((request) => Object.fromEntries(new URLSearchParams(request.body.toString())));

describe('reCAPTCHA v3 on the forms', () => {
  it(
    'loads Google only for the configured site key; a login token made for "login" is verified and passes',
    SLOW,
    async () => {
      scoreKind = 'v3';
      const email = `captcha-${Date.now()}-${++counter}@example.com`;
      await server.createUser(email, 'a long enough password', (action) => `v3:${action}`);
      const { router } = await app.renderApp('/auth/login', 'pt-BR');

      type(await screen.findByRole('textbox', { name: /E-mail/ }), email);
      type(screen.getByLabelText(/^Senha/), 'a long enough password');
      fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

      const scripts = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map(
        (script) => script.src,
      );
      expect(scripts).toEqual(['https://www.google.com/recaptcha/api.js?render=site-key&hl=pt-BR']);
      expect(verifiedTokens().at(-1)).toEqual({
        secret: 'secret-key',
        response: 'v3:login',
        remoteip: '127.0.0.1',
      });
    },
  );

  it(
    'a low score is refused with the human-verification message; forgot-password asks for its own action',
    SLOW,
    async () => {
      scoreKind = 'low';
      await app.renderApp('/auth/forget-password', 'en');
      type(await screen.findByRole('textbox', { name: /Email/ }), 'someone@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Human verification failed, please try again.',
      );
      expect(verifiedTokens().at(-1)?.response).toBe('low:forget_password');

      scoreKind = 'v3';
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByText(/If an account exists for this e-mail/)).toBeTruthy();
      expect(verifiedTokens().at(-1)?.response).toBe('v3:forget_password');
    },
  );
});
