import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#web/test/test-utils.tsx';

describe('login page', () => {
  it('shows the spec §5 messages, in the interface language, for an empty submit', async () => {
    await renderApp('/auth/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Por favor, informe seu e-mail')).toBeTruthy();
    expect(screen.getByText('Por favor, informe sua senha')).toBeTruthy();
  });

  it('rejects a malformed e-mail before calling the server', async () => {
    await renderApp('/auth/login', 'en');
    fireEvent.change(await screen.findByRole('textbox', { name: /Email/ }), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please enter valid email')).toBeTruthy();
  });

  it('explains a failed social sign-in the callback reported', async () => {
    const { router } = await renderApp({ pathname: '/auth/login', hash: '#oauthError=OAuthStateInvalid' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A solicitação de login expirou ou é inválida, tente novamente.',
    );
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
