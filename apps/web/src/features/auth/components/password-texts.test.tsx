import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

/** Issue 23, item 6: the password screens' words and when their messages appear, on the real portal server. */
const portal = setUpScreenPortal();

const SLOW = { timeout: 30_000 };
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const wrapperOf = (input: HTMLElement) => input.closest('.mantine-InputWrapper-root')?.textContent ?? '';

describe('password fields', () => {
  it('name the eye button in the page language', async () => {
    await portal.app.renderApp('/auth/login');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.getByRole('button', { name: 'Mostrar ou ocultar a senha' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Toggle password visibility' })).toBeNull();
    cleanup();
    await portal.app.renderApp('/auth/signup', 'en');
    await screen.findByRole('button', { name: 'Sign Up' });
    expect(screen.getAllByRole('button', { name: 'Show or hide the password' })).toHaveLength(2);
  });

  it('say the minimum length in plain words', async () => {
    await portal.app.renderApp('/auth/reset-password?email=ana%40example.com');
    const password = await screen.findByLabelText(/^Nova senha/);
    type(password, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() =>
      expect(wrapperOf(password)).toContain('A senha precisa ter pelo menos 8 caracteres.'),
    );
  });
});

describe('validation', () => {
  it('shows nothing for tabbing through an empty form, but a typed mistake on leaving its field', async () => {
    await portal.app.renderApp('/auth/login');
    const email = await screen.findByRole('textbox', { name: /E-mail/ });
    const password = screen.getByLabelText(/^Senha/);
    fireEvent.focus(email);
    fireEvent.blur(email);
    fireEvent.focus(password);
    fireEvent.blur(password);
    // Give a validation that would run on leaving a field the time to show.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Por favor, informe seu e-mail')).toBeNull();
    expect(screen.queryByText('Por favor, informe sua senha')).toBeNull();

    type(email, 'ana@');
    fireEvent.blur(email);
    expect(await screen.findByText('Por favor, informe um e-mail válido')).toBeTruthy();
    type(email, 'ana@example.com');
    await waitFor(() => expect(screen.queryByText('Por favor, informe um e-mail válido')).toBeNull());
  });
});

describe('login', () => {
  it('says "E-mail" and drops the green "password reset" notice once an attempt fails', SLOW, async () => {
    const email = uniqueEmail('notice');
    await portal.server.createUser(email);
    const notice = 'Senha redefinida com sucesso, agora você pode entrar com sua nova senha.';
    await portal.app.renderApp({ pathname: '/auth/login', state: { notice, email } });
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toBeTruthy();
    type(screen.getByLabelText(/^Senha/), 'not the password at all');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail ou senha incorretos.');
    expect(screen.queryByText(notice)).toBeNull();
  });
});

describe('forgot and reset password', () => {
  it(
    'a refused second code says how long to wait and leads to typing the code already sent',
    SLOW,
    async () => {
      const email = uniqueEmail('limit');
      const { router } = await portal.app.renderApp(
        `/auth/forget-password?email=${encodeURIComponent(email)}`,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Enviar código' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password'));
      cleanup();

      const again = await portal.app.renderApp(`/auth/forget-password?email=${encodeURIComponent(email)}`);
      fireEvent.click(await screen.findByRole('button', { name: 'Enviar código' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Muitas tentativas. Tente novamente em 1 minuto.',
      );
      fireEvent.click(screen.getByRole('link', { name: 'Já recebeu um código? Digite-o aqui' }));
      await waitFor(() => expect(again.router.state.location.pathname).toBe('/auth/reset-password'));
      expect(again.router.state.location.search).toContain(`email=${encodeURIComponent(email)}`);
    },
  );

  it('a reset to the current password is refused on its field', SLOW, async () => {
    const email = uniqueEmail('same');
    const password = 'the very same password';
    await portal.server.createUser(email, password);
    await portal.server.call('POST', '/auth/forget-password', { email });
    const code = await portal.server.readCode(email, 'email', /Redefina/);
    await portal.app.renderApp(`/auth/reset-password?email=${encodeURIComponent(email)}&code=${code}`, 'en');
    const newPassword = await screen.findByLabelText(/^New Password/);
    type(newPassword, password);
    type(screen.getByLabelText(/^Confirm Password/), password);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(wrapperOf(newPassword)).toContain('New password must be different from the current password.'),
    );
  });
});
