import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PortalServer, startPortalServer } from '#web/test/portal-server.ts';

// The real portal server; MFA codes live 4 s here so that expiry can be seen without waiting 5 minutes.
let server: PortalServer;
let app: typeof import('#web/test/test-utils.tsx');

beforeAll(async () => {
  server = await startPortalServer({ MFA_CODE_TTL_SECONDS: '4' });
  (window as unknown as HappyDomWindow).happyDOM.setURL(`${server.url}/`);
  app = await import('#web/test/test-utils.tsx');
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  notifications.clean();
});

const SLOW = { timeout: 30_000 };
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const wrapperOf = (input: HTMLElement) => input.closest('.mantine-InputWrapper-root')?.textContent ?? '';

async function submitLogin(email: string, password: string, button: string) {
  type(await screen.findByRole('textbox', { name: /mail/ }), email);
  type(screen.getByLabelText(/^(Senha|Password)/), password);
  fireEvent.click(screen.getByRole('button', { name: button }));
}

async function userWithMfa(password = 'a long enough password') {
  const email = uniqueEmail('mfa');
  const tokens = await server.createUser(email, password);
  await server.call('PUT', '/account/mfa', { enabled: true, method: 'email' }, tokens.accessToken);
  return email;
}

describe('sign-up', () => {
  it(
    'puts a common password on its field; a taken e-mail goes on to the code like any other (no enumeration)',
    SLOW,
    async () => {
      const taken = uniqueEmail('taken');
      await server.createUser(taken);
      const { router } = await app.renderApp('/auth/signup?redirect=%2Fprojects', 'en');
      type(await screen.findByLabelText(/^First Name/), 'Ana');
      type(screen.getByLabelText(/^Last Name/), 'Lima');
      const email = screen.getByRole('textbox', { name: /Email/ });
      const password = screen.getByLabelText(/^Password/);
      type(email, taken);
      type(password, 'baseball');
      type(screen.getByLabelText(/^Confirm Password/), 'baseball');
      fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
      await waitFor(() =>
        expect(wrapperOf(password)).toContain(
          'This password is too common and easy to guess. Choose another one.',
        ),
      );

      type(password, 'a long enough password');
      type(screen.getByLabelText(/^Confirm Password/), 'a long enough password');
      fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
      // The answer is the one a new address gets (decision 017): the owner is told by e-mail instead.
      expect(await screen.findByText(/^Enter the code we sent to t\*+@e\*+\.com\.$/)).toBeTruthy();
      // The page first asked for travels on to the confirmation and from there to the login.
      expect(router.state.location.pathname).toBe('/auth/signup/confirm');
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/projects');
      expect(screen.getByRole('button', { name: /^Resend code in (60|59) s$/ })).toHaveProperty(
        'disabled',
        true,
      );
    },
  );
});

describe('an unconfirmed account', () => {
  it(
    'logs in to "User is not confirmed.", gets to the code, and is confirmed with a notice on the login page',
    SLOW,
    async () => {
      const email = uniqueEmail('unconfirmed');
      const names = { firstName: 'Ana', lastName: 'Lima' };
      const password = 'a long enough password';
      await server.call('POST', '/auth/signup', { ...names, email, password, confirmPassword: password });
      const { router } = await app.renderApp('/auth/login', 'pt-BR');

      await submitLogin(email, password, 'Entrar');
      expect((await screen.findByRole('alert')).textContent).toBe('Este e-mail ainda não foi confirmado.');
      // Sign-up sent a code seconds ago, so the confirmation screen opens with the wait still running.
      fireEvent.click(screen.getByRole('button', { name: 'Enviar um novo código de confirmação' }));
      const resend = await screen.findByRole('button', { name: /^Reenviar código em \d+ s$/ });
      expect(resend).toHaveProperty('disabled', true);
      expect(router.state.location.pathname).toBe('/auth/signup/confirm');

      const code = screen.getByRole('textbox', { name: /Código/ });
      const right = await server.readCode(email);
      type(code, right === '000000' ? '111111' : '000000');
      fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
      await waitFor(() =>
        expect(wrapperOf(code)).toContain('Código de verificação inválido, tente novamente.'),
      );

      type(code, right);
      fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
      expect((await screen.findByRole('status')).textContent).toBe(
        'Conta confirmada com sucesso, você já pode entrar',
      );
      expect(router.state.location.pathname).toBe('/auth/login');
      expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveProperty('value', email);
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Senha/)));
    },
  );
});

describe('the MFA challenge', () => {
  it(
    'shows where the code went with a 60 s countdown; wrong codes on the field; an ended challenge goes back to the login',
    SLOW,
    async () => {
      const email = await userWithMfa();
      const { router } = await app.renderApp('/auth/login?redirect=%2Fprojects', 'en');
      await submitLogin(email, 'a long enough password', 'Log In');

      expect(await screen.findByText(/^We sent a code by email to m\*+@e\*+\.com\.$/)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/auth/login/challenge');
      expect(screen.getByRole('button', { name: /^Resend code in (60|59) s$/ })).toHaveProperty(
        'disabled',
        true,
      );
      const right = await server.readCode(email);
      const wrong = right === '000000' ? '111111' : '000000';
      const code = screen.getByRole('textbox', { name: /MFA code/ });
      type(code, wrong);
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() =>
        expect(wrapperOf(code)).toContain('Invalid verification code provided, please try again.'),
      );

      // Five wrong codes end the challenge (four more, sent as any client could); the page then says so.
      const { session } = (router.state.location.state as { challenge: { session: string } }).challenge;
      for (let attempt = 2; attempt <= 5; attempt += 1) {
        const answer = await server.call('POST', '/auth/login/challenge', { session, code: wrong });
        expect(answer.status).toBe(400);
      }
      // The ended challenge leads back to the login, which says why and still remembers the page asked for.
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Your two-step verification expired or had too many wrong codes. Log in again to continue.',
      );
      expect(router.state.location.pathname).toBe('/auth/login');
      expect(router.state.location.search).toBe('?redirect=%2Fprojects');
      expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    },
  );

  it('says "MFA code expired, please try again." when the right code comes too late', SLOW, async () => {
    const email = await userWithMfa();
    await app.renderApp('/auth/login', 'pt-BR');
    await submitLogin(email, 'a long enough password', 'Entrar');
    const code = await screen.findByRole('textbox', { name: /Código MFA/ });
    const right = await server.readCode(email);
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    type(code, right);
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(wrapperOf(code)).toContain('O código MFA expirou, tente novamente.'));
  });
});

describe('login lockout', () => {
  it(
    'after five wrong passwords answers "Password attempts exceeded", even for an unknown e-mail',
    SLOW,
    async () => {
      const email = uniqueEmail('nobody');
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const refused = await server.call('POST', '/auth/login', { email, password: `wrong ${attempt}` });
        expect(refused.body).toMatchObject({ code: 'NotAuthorized' });
      }
      await app.renderApp('/auth/login', 'en');
      await submitLogin(email, 'wrong password 5', 'Log In');
      expect((await screen.findByRole('alert')).textContent).toBe('Incorrect e-mail or password.');
      // The fifth failure locked the address (1 s at first, doubling): the next try is refused before any check.
      await submitLogin(email, 'wrong password 6', 'Log In');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password attempts exceeded'));
    },
  );
});

describe('password reset', () => {
  it(
    'sends a code, refuses a wrong one on its field, and ends on the login page with the success notice',
    SLOW,
    async () => {
      const email = uniqueEmail('reset');
      await server.createUser(email);
      const { router } = await app.renderApp('/auth/forget-password', 'pt-BR');
      type(await screen.findByRole('textbox', { name: /E-mail/ }), email);
      fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));

      expect((await screen.findByRole('status')).textContent).toBe(
        'Se houver uma conta com este e-mail, enviamos para ele um código para redefinir a senha.',
      );
      expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveProperty('value', email);
      const code = screen.getByRole('textbox', { name: /Código/ });
      type(screen.getByLabelText(/^Nova senha/), 'a brand new password');
      type(screen.getByLabelText(/^Confirmar senha/), 'a brand new password');
      // Sent in the background (the answer is the same for unknown addresses), so it may take a moment.
      let right = '';
      await waitFor(async () => {
        right = await server.readCode(email, 'email', /Redefina sua senha/);
      });
      type(code, right === '000000' ? '111111' : '000000');
      fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
      await waitFor(() =>
        expect(wrapperOf(code)).toContain('Código de verificação inválido, tente novamente.'),
      );

      type(code, right);
      fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
      expect(
        await screen.findByText('Senha redefinida com sucesso, você já pode entrar com sua nova senha.'),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe('/auth/login');
      const login = await server.call('POST', '/auth/login', { email, password: 'a brand new password' });
      expect(login.status).toBe(200);
    },
  );
});
