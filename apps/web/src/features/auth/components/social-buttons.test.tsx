import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server with both providers configured; their authorization pages are never opened: the
// test follows each button to the portal's start route and stops where the browser would leave for them.
const GITHUB_AUTHORIZE_URL = 'http://127.0.0.1:9/login/oauth/authorize';
const GOOGLE_AUTHORIZE_URL = 'http://127.0.0.1:9/o/oauth2/v2/auth';
const portal = setUpScreenPortal({
  GITHUB_CLIENT_ID: 'gh-client',
  GITHUB_CLIENT_SECRET: 'gh-secret',
  GITHUB_AUTHORIZE_URL,
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  GOOGLE_AUTHORIZE_URL,
});
const SLOW = { timeout: 40_000 };

/** Where the portal's start route sends the browser: the provider's page, with the portal's client id. */
async function followToProvider(href: string) {
  const route = new URL(href, portal.server.url);
  expect(route.origin).toBe(portal.server.url);
  const started = await portal.server.call('GET', `${route.pathname.replace(/^\/api/, '')}${route.search}`);
  expect(started.status).toBe(302);
  return new URL(String(started.headers.location));
}

describe('social sign-in buttons (spec §2: Sign Up with Github or Google)', () => {
  it(
    'on the login page lead to /api/auth/oauth/<provider>/start, keeping the page to return to',
    SLOW,
    async () => {
      await renderScreen(portal, '/auth/login?redirect=%2Fprojects', 'pt-BR');
      const github = await screen.findByRole('link', { name: 'Entrar com GitHub' });
      const google = screen.getByRole('link', { name: 'Entrar com Google' });
      expect(github.getAttribute('href')).toBe('/api/auth/oauth/github/start?redirect=%2Fprojects');
      expect(google.getAttribute('href')).toBe('/api/auth/oauth/google/start?redirect=%2Fprojects');

      const toGithub = await followToProvider(github.getAttribute('href') ?? '');
      expect(`${toGithub.origin}${toGithub.pathname}`).toBe(GITHUB_AUTHORIZE_URL);
      expect(toGithub.searchParams.get('client_id')).toBe('gh-client');
      const toGoogle = await followToProvider(google.getAttribute('href') ?? '');
      expect(`${toGoogle.origin}${toGoogle.pathname}`).toBe(GOOGLE_AUTHORIZE_URL);
      expect(toGoogle.searchParams.get('client_id')).toBe('google-client');
    },
  );

  it('on the sign-up page say "Sign up with …" and lead to the same start routes', SLOW, async () => {
    await renderScreen(portal, '/auth/signup', 'en');
    const github = await screen.findByRole('link', { name: 'Sign up with GitHub' });
    const google = screen.getByRole('link', { name: 'Sign up with Google' });
    expect(github.getAttribute('href')).toBe('/api/auth/oauth/github/start?redirect=%2Fdashboard');
    expect(google.getAttribute('href')).toBe('/api/auth/oauth/google/start?redirect=%2Fdashboard');
    expect((await followToProvider(google.getAttribute('href') ?? '')).searchParams.get('client_id')).toBe(
      'google-client',
    );
  });
});
