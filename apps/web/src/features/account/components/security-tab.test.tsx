import type { Account } from '@cotacep/shared/account-schemas';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PortalServer, startPortalServer } from '../../../test/portal-server.ts';

// The real portal server with GitHub sign-in configured (Google is not); its authorization page is never
// reached, since the browser's departure to GitHub is where these tests stop.
const GITHUB_AUTHORIZE_URL = 'http://127.0.0.1:9/login/oauth/authorize';
let server: PortalServer;
let app: typeof import('../../../app/test-utils.tsx');
let session: typeof import('../../../lib/session/session-store.ts');

beforeAll(async () => {
  server = await startPortalServer({
    GITHUB_CLIENT_ID: 'gh-client',
    GITHUB_CLIENT_SECRET: 'gh-secret',
    GITHUB_AUTHORIZE_URL,
  });
  (window as unknown as HappyDomWindow).happyDOM.setURL(`${server.url}/`);
  app = await import('../../../app/test-utils.tsx');
  session = await import('../../../lib/session/session-store.ts');
}, 120_000);
afterAll(() => server?.close());
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
      await waitFor(() => expect(wrapperOf(current)).toContain('Usuário ou senha incorretos.'));
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
