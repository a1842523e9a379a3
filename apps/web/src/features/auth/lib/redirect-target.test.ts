import { describe, expect, it } from 'vitest';
import { buildLoginPath, getRedirectTarget, isSafeRedirect } from './redirect-target.ts';

describe('redirect target', () => {
  it('remembers the page in the login URL', () => {
    expect(buildLoginPath('/account/settings?tab=tokens')).toBe(
      '/auth/login?redirect=%2Faccount%2Fsettings%3Ftab%3Dtokens',
    );
  });

  it('prefers router state, then the query string, then the dashboard', () => {
    expect(getRedirectTarget('?redirect=%2Fprojects', { from: '/dashboard' })).toBe('/dashboard');
    expect(getRedirectTarget('?redirect=%2Fprojects', null)).toBe('/projects');
    expect(getRedirectTarget('', undefined)).toBe('/dashboard');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/auth/logout',
    '',
  ])('refuses %s as a target', (target) => {
    expect(isSafeRedirect(target)).toBe(false);
    expect(getRedirectTarget(`?redirect=${encodeURIComponent(target)}`, { from: target })).toBe('/dashboard');
    expect(buildLoginPath(target)).toBe('/auth/login');
  });
});
