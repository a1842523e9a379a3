import { createHash } from 'node:crypto';
import type { Account } from '@cotacep/shared/account-schemas';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '#web/lib/api/test-server.ts';
import { type PortalServer, startPortalServer } from '#web/test/portal-server.ts';

// The real portal server with GitHub sign-in configured (Google is not). GitHub's authorization page is
// never shown (the browser's departure is where the link test stops); its token and user API are a local
// server answering as GitHub does, checking the PKCE verifier against the challenge it was given.
const GITHUB_AUTHORIZE_URL = 'http://127.0.0.1:9/login/oauth/authorize';
let github: TestServer;
const codeChallenges = new Map<string, string>();
// Who GitHub says the person is; a test may sign in as someone new.
let githubPerson = { id: 4242, login: 'octocat', name: 'Mona Octocat', email: 'mona@example.com' };
let server: PortalServer;
let app: typeof import('#web/test/test-utils.tsx');
let session: typeof import('#web/lib/session/session-store.ts');

beforeAll(async () => {
  github = await startTestServer();
  github.handle((request, response) => {
    if (request.method === 'POST' && request.url === '/login/oauth/access_token') {
      const form = new URLSearchParams(request.body.toString());
      const verifier = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      // GitHub takes the client secret as HTTP Basic or in the form.
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const secret = basic ? atob(basic).split(':')[1] : form.get('client_secret');
      const isValid = secret === 'gh-secret' && codeChallenges.get(form.get('code') ?? '') === verifier;
      return sendJson(
        response,
        200,
        isValid ? { access_token: 'gho_token', token_type: 'bearer' } : { error: 'bad_verification_code' },
      );
    }
    if (request.headers.authorization !== 'Bearer gho_token')
      return sendJson(response, 401, { message: 'Bad credentials' });
    if (request.url === '/user') {
      const { email: _email, ...user } = githubPerson;
      return sendJson(response, 200, user);
    }
    if (request.url === '/user/emails') {
      return sendJson(response, 200, [
        { email: githubPerson.email, primary: true, verified: true, visibility: 'public' },
      ]);
    }
    sendJson(response, 404, { message: 'Not Found' });
  });
  server = await startPortalServer({
    GITHUB_CLIENT_ID: 'gh-client',
    GITHUB_CLIENT_SECRET: 'gh-secret',
    GITHUB_AUTHORIZE_URL,
    GITHUB_TOKEN_URL: `${github.url}/login/oauth/access_token`,
    GITHUB_API_URL: github.url,
  });
  (window as unknown as HappyDomWindow).happyDOM.setURL(`${server.url}/`);
  app = await import('#web/test/test-utils.tsx');
  session = await import('#web/lib/session/session-store.ts');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await github?.close();
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.restoreAllMocks();
});

const SLOW = { timeout: 30_000 };
let counter = 0;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function signIn(label: string, password = 'a long enough password') {
  const tokens = await server.createUser(`${label}-${Date.now()}-${++counter}@example.com`, password);
  session.setSession(tokens);
  return async () => (await server.call<Account>('GET', '/account', undefined, tokens.accessToken)).body;
}

/** Signs in with GitHub as the browser would (start, GitHub approves, callback, exchange): a new account. */
async function signInWithGithub() {
  const started = await server.call('GET', '/auth/oauth/github/start');
  const authorize = new URL(String(started.headers.location));
  const code = `gh-code-${++counter}`;
  codeChallenges.set(code, authorize.searchParams.get('code_challenge') ?? '');
  const cookies = started.headers['set-cookie'] ?? [];
  const flowCookie = cookies.find((cookie) => cookie.startsWith('cotacep_oauth_flow='))?.split(';')[0] ?? '';
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
  const query = new URLSearchParams({ code, state: authorize.searchParams.get('state') ?? '' });
  const back = await server.call('GET', `/auth/oauth/github/callback?${query}`, undefined, undefined, {
    cookie: flowCookie,
  });
  const exchange = new URLSearchParams(new URL(String(back.headers.location)).hash.slice(1)).get('oauthCode');
  // The exchange counts only from the browser that started the flow: its cookies, and the XSRF echo.
  const tokens = await server.call<TokenSet>('POST', '/auth/oauth/exchange', { code: exchange }, undefined, {
    cookie: `${flowCookie}; ${xsrf}`,
    'x-xsrf-token': xsrf.slice('XSRF-TOKEN='.length),
  });
  expect(tokens.status).toBe(200);
  return tokens.body;
}

/** Links GitHub as the browser would: start, (GitHub approves,) then the callback with the flow's cookie. */
async function linkGithub(accessToken: string) {
  const started = await server.call<{ url: string }>(
    'POST',
    '/account/oauth/github/link',
    undefined,
    accessToken,
  );
  const authorize = new URL(started.body.url);
  const code = `gh-code-${++counter}`;
  codeChallenges.set(code, authorize.searchParams.get('code_challenge') ?? '');
  const cookies = started.headers['set-cookie'] ?? [];
  const flowCookie = cookies.find((cookie) => cookie.startsWith('cotacep_oauth_flow='))?.split(';')[0] ?? '';
  const query = new URLSearchParams({ code, state: authorize.searchParams.get('state') ?? '' });
  const back = await server.call('GET', `/auth/oauth/github/callback?${query}`, undefined, undefined, {
    cookie: flowCookie,
  });
  expect(back.headers.location).toBe(`${server.url}/account/settings#linked=github`);
}

describe('MFA method', () => {
  it(
    'choosing SMS without a phone shows the notice instead of saving; with the phone verified it saves',
    SLOW,
    async () => {
      const readAccount = await signIn('sms-mfa');
      await app.renderApp('/account/settings?tab=security', 'en');

      fireEvent.click(await screen.findByRole('radio', { name: 'SMS' }));
      const notice = await screen.findByText(
        'No phone number is set for SMS MFA. Add and verify a phone number in your profile first.',
      );
      expect(notice.closest('[role="status"]')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

      fireEvent.click(screen.getByRole('button', { name: 'Add phone number' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add phone number' });
      const phone = `+55219${String(Date.now()).slice(-8)}`;
      type(within(dialog).getByRole('textbox', { name: /Phone number/ }), phone);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
      await within(dialog).findByRole('status');
      type(within(dialog).getByRole('textbox', { name: /Code/ }), await server.readCode(phone, 'sms'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // Saving the phone did not save the MFA form behind the dialog.
      expect((await readAccount()).mfa).toEqual({ enabled: false, method: 'email' });

      await waitFor(() => expect(screen.queryByText(/No phone number is set for SMS MFA/)).toBeNull());
      fireEvent.click(screen.getByRole('switch', { name: 'Turn on two-step verification' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect((await readAccount()).mfa).toEqual({ enabled: true, method: 'sms' }));
    },
  );
});

describe('change password', () => {
  it(
    'puts the current-password refusal under its field and says "Saved successfully" on success',
    SLOW,
    async () => {
      await signIn('password', 'first pass phrase');
      await app.renderApp('/account/settings?tab=security', 'pt-BR');

      const current = await screen.findByLabelText(/Senha atual/);
      const next = screen.getByLabelText(/Nova senha/);
      const confirm = screen.getByLabelText(/Confirmar senha/);
      const submit = screen.getByRole('button', { name: 'Alterar senha' });
      type(current, 'first pass phrase');
      type(next, 'first pass phrase');
      type(confirm, 'something else');
      fireEvent.click(submit);
      // Each message sits in its field's wrapper (the section's description says the first one too).
      const wrapperOf = (input: HTMLElement) => input.closest('.mantine-InputWrapper-root')?.textContent;
      await waitFor(() =>
        expect(wrapperOf(next)).toContain('A nova senha deve ser diferente da senha atual.'),
      );
      expect(wrapperOf(confirm)).toContain('As senhas não coincidem');

      type(current, 'not my password');
      type(next, 'second pass phrase');
      type(confirm, 'second pass phrase');
      fireEvent.click(submit);
      await waitFor(() => expect(wrapperOf(current)).toContain('E-mail ou senha incorretos.'));
      expect(screen.queryByRole('alert')).toBeNull();

      type(current, 'first pass phrase');
      fireEvent.click(submit);
      expect(await screen.findByText('Salvo com sucesso')).toBeTruthy();
      await waitFor(() => expect(screen.getByLabelText(/Senha atual/)).toHaveProperty('value', ''));
    },
  );
});

describe('social sign-in', () => {
  it(
    'offers only the configured provider, and Link sends the browser to its authorization with PKCE',
    SLOW,
    async () => {
      await signIn('social');
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
      await app.renderApp('/account/settings?tab=security', 'en');

      expect(await screen.findByRole('heading', { name: 'Social sign-in' })).toBeTruthy();
      expect(screen.getByText('Not linked')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Link Google' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Link GitHub' }));

      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      const target = new URL(String(assign.mock.calls[0]![0]));
      expect(`${target.origin}${target.pathname}`).toBe(GITHUB_AUTHORIZE_URL);
      expect(target.searchParams.get('client_id')).toBe('gh-client');
      expect(target.searchParams.get('code_challenge_method')).toBe('S256');
      expect(target.searchParams.get('state')).toMatch(/.{16,}/);
    },
  );

  it('a linked GitHub account can be unlinked when a password remains', SLOW, async () => {
    const tokens = await server.createUser(`unlink-${Date.now()}-${++counter}@example.com`);
    session.setSession(tokens);
    await linkGithub(tokens.accessToken);
    await app.renderApp('/account/settings?tab=security', 'en');

    expect(await screen.findByText('Linked')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unlink GitHub' }));
    expect(await screen.findByText('GitHub account unlinked.')).toBeTruthy();
    expect(await screen.findByText('Not linked')).toBeTruthy();
    const account = await server.call<Account>('GET', '/account', undefined, tokens.accessToken);
    expect(account.body.linkedProviders).toEqual([]);
  });

  it(
    'an account made through GitHub keeps it: no unlinking the only way in, and a way to set a password',
    SLOW,
    async () => {
      githubPerson = {
        id: 5000 + counter,
        login: 'solo',
        name: 'Solo Social',
        email: `solo-${Date.now()}@example.com`,
      };
      session.setSession(await signInWithGithub());
      await app.renderApp('/account/settings?tab=security', 'en');

      expect(await screen.findByText('Linked')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Unlink GitHub' })).toHaveProperty('disabled', true);
      expect(
        screen.getByText('This is your only way to log in: set a password before unlinking it.'),
      ).toBeTruthy();
      expect(screen.getByText('You sign in with GitHub or Google and have no password yet.')).toBeTruthy();
      expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
      expect(
        screen.getByRole('link', { name: 'Set a password with a code by email' }).getAttribute('href'),
      ).toBe(`/auth/forget-password?email=${encodeURIComponent(githubPerson.email)}`);
    },
  );

  it('back from the provider, the Security tab says how linking went', SLOW, async () => {
    await signIn('linked');
    const { router } = await app.renderApp(
      { pathname: '/account/settings', hash: '#linked=github' },
      'pt-BR',
    );
    expect(
      await screen.findByText('Conta do GitHub vinculada: agora você pode entrar com ela.'),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=security');
    expect(router.state.location.hash).toBe('');
    cleanup();

    await app.renderApp({ pathname: '/account/settings', hash: '#oauthError=OAuthAlreadyLinked' }, 'en');
    const refusal = await screen.findByText('This provider account is already linked to another user.');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
  });
});
