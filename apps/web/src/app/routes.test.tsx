import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { logout, setSession } from '../lib/session/session-store.ts';
import { createTestToken } from '../lib/session/test-tokens.ts';
import { renderApp } from '../test/test-utils.tsx';

const heading = () => screen.findByRole('heading', { level: 1 });

describe('routes of spec §2', () => {
  afterEach(() => logout());

  it.each([
    ['/', /Cotações de moedas/],
    ['/auth/login', 'Entrar'],
    ['/auth/login/challenge', 'Verificação em duas etapas'],
    ['/auth/signup', 'Criar conta'],
    ['/auth/forget-password', 'Esqueceu a senha?'],
    ['/auth/reset-password', 'Redefinir senha'],
    ['/pricing', 'Planos e preços'],
  ])('%s shows its screen', async (path, name) => {
    await renderApp(path);
    expect((await heading()).textContent).toMatch(name);
  });

  it.each([
    ['/auth/signup/confirm', '/auth/signup/confirmation', 'Confirme sua conta'],
    ['/auth/confirm', '/auth/confirmation', 'Confirmação'],
  ])('%s and %s show the same screen', async (first, second, name) => {
    const one = await renderApp(`${first}?email=ana%40example.com`);
    expect((await heading()).textContent).toBe(name);
    const firstForm = screen.getByRole('textbox', { name: /E-mail/ }) as HTMLInputElement;
    expect(firstForm.value).toBe('ana@example.com');
    one.unmount();

    await renderApp(`${second}?email=ana%40example.com`);
    expect((await heading()).textContent).toBe(name);
    expect((screen.getByRole('textbox', { name: /E-mail/ }) as HTMLInputElement).value).toBe(
      'ana@example.com',
    );
  });

  it('/account and /account/settings show the same settings screen with its seven tabs', async () => {
    setSession({ accessToken: createTestToken({ sub: 'user-1', given_name: 'Ana' }) });
    for (const path of ['/account', '/account/settings']) {
      const view = await renderApp(path);
      expect((await heading()).textContent).toBe('Configurações da conta');
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Perfil',
        'Segurança',
        'Faturamento',
        'Tokens',
        'Membros',
        'Atividade',
        'Privacidade',
      ]);
      view.unmount();
    }
  });

  it.each(['/auth/docs', '/auth/landing'])('%s is declared but renders nothing in the page', async (path) => {
    const { router } = await renderApp(path);
    const main = await screen.findByRole('main');
    expect(router.state.location.pathname).toBe(path);
    expect(main.childElementCount).toBe(0);
    expect(screen.queryByText('Página não encontrada')).toBeNull();
  });

  it('answers unknown paths with the not-found page', async () => {
    await renderApp('/auth/nothing-here');
    expect((await heading()).textContent).toBe('Página não encontrada');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Voltar para a página inicial' }),
    ).toBeTruthy();
  });

  it('titles each page with its name and the configured app name', async () => {
    const meta = document.createElement('meta');
    meta.name = 'app-name';
    meta.content = 'Acme Quotes';
    document.head.append(meta);
    try {
      await renderApp('/auth/login');
      await heading();
      expect(document.title).toBe('Entrar · Acme Quotes');
      expect(screen.getAllByText('Acme Quotes').length).toBeGreaterThan(0);
    } finally {
      meta.remove();
    }
  });
});
