import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../lib/api/clients.ts';
import { logout, setSession } from '../lib/session/session-store.ts';
import { createTestToken } from '../lib/session/test-tokens.ts';
import { renderApp } from '../test/test-utils.tsx';

const signIn = () =>
  setSession({ accessToken: createTestToken({ sub: 'user-1', given_name: 'Ana', plan: 'free' }) });

describe('protected area', () => {
  afterEach(() => logout());

  it.each(['/account', '/account/settings', '/dashboard', '/projects'])(
    'sends an anonymous visitor from %s to the login page, clearing the token header',
    async (path) => {
      apiClient.defaults.headers.common.Authorization = 'Bearer stale';
      const { router } = await renderApp(`${path}?tab=billing`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/auth/login');
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(`${path}?tab=billing`);
      expect(router.state.location.state).toEqual({ from: `${path}?tab=billing` });
      expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
    },
  );

  it('returns to the page first asked for once the visitor logs in', async () => {
    const { router } = await renderApp('/account/settings?tab=security');
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });

    act(() => signIn());

    expect(await screen.findByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/settings');
    expect(router.state.location.search).toBe('?tab=security');
    expect(screen.getByRole('tab', { name: 'Segurança', selected: true })).toBeTruthy();
  });

  it('returns to the ?redirect= page when the router state is gone (a reload of the login page)', async () => {
    const { router } = await renderApp('/auth/login?redirect=%2Fprojects');
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    act(() => signIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Projetos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('ignores a redirect to another site', async () => {
    const { router } = await renderApp('/auth/login?redirect=%2F%2Fevil.example%2Fx');
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    act(() => signIn());
    // The default landing page (issue 23: the dashboard, no longer the account settings).
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets a signed-in customer in, and sends them out when they log out elsewhere', async () => {
    signIn();
    const { router } = await renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeTruthy();

    act(() => logout());

    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();
    expect(router.state.location.search).toBe('?redirect=%2Faccount');
  });

  it('/auth/logout forgets the session and goes to the login page', async () => {
    signIn();
    const { router } = await renderApp('/auth/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('logging out from a protected page lands on the plain login page', async () => {
    signIn();
    const { router } = await renderApp('/account/settings?tab=security');
    await screen.findByRole('heading', { level: 1, name: 'Configurações da conta' });

    await act(() => router.navigate('/auth/logout'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
