import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/test-utils.tsx';

describe('cookie banner', () => {
  it.each(['/', '/auth/login', '/auth/signup', '/pagina-que-nao-existe'])(
    'shows on %s until accepted',
    async (path) => {
      await renderApp(path);
      const banner = await screen.findByRole('region', { name: 'Aviso de cookies' });
      expect(banner.textContent).toContain('Este site usa cookies');
      expect(banner.textContent).toContain('você concorda com o uso de cookies');
      expect(within(banner).getByRole('button', { name: 'Aceitar' })).toBeTruthy();
    },
  );

  it('hides for good once accepted, storing cookieConsent=true', async () => {
    const first = await renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar' }));

    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).toBeNull();
    expect(localStorage.getItem('cookieConsent')).toBe('true');

    first.unmount();
    await renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).toBeNull();
  });

  it('speaks English with the English interface', async () => {
    await renderApp('/', 'en');
    const banner = await screen.findByRole('region', { name: 'Cookie notice' });
    expect(banner.textContent).toContain('This site uses cookies');
    expect(within(banner).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('links to the privacy policy', async () => {
    await renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Aviso de cookies' });
    const link = within(banner).getByRole('link', { name: 'Política de Privacidade' });
    expect(link.getAttribute('href')).toBe('/privacy#cookies');
  });

  it('keeps showing when something other than "true" is stored', async () => {
    localStorage.setItem('cookieConsent', 'false');
    await renderApp('/');
    expect(await screen.findByRole('region', { name: 'Aviso de cookies' })).toBeTruthy();
  });
});
