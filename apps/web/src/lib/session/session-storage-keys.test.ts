import { describe, expect, it } from 'vitest';
import { getSession, getUser, isAuthenticated, logout, setSession } from './session-store.ts';
import { createTestToken } from './test-tokens.ts';

/**
 * Spec §3 and §9 name the keys the session is kept under: `user`, `token` and `session`. They are written
 * here as literals, not through STORAGE_KEYS, so that renaming one anywhere fails this test: a browser
 * holding a session under the old names would be signed out by an update.
 */
const claims = { sub: 'user-1', email: 'ana@example.com', given_name: 'Ana' };

describe('the session in browser storage (spec §3, §9)', () => {
  it('is written under the keys user, token and session, and nothing else', () => {
    const accessToken = createTestToken(claims);
    const session = { accessToken, idToken: 'id-1', expiresIn: 900, refreshToken: 'r-1' };
    setSession(session);
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).sort();
    expect(keys).toEqual(['session', 'token', 'user']);
    expect(localStorage.getItem('token')).toBe(accessToken);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject(claims);
    expect(JSON.parse(localStorage.getItem('session') ?? 'null')).toEqual(session);
  });

  it('is read from those keys, as an earlier visit left it', () => {
    const accessToken = createTestToken(claims);
    localStorage.setItem('token', accessToken);
    localStorage.setItem('user', JSON.stringify(claims));
    localStorage.setItem('session', JSON.stringify({ accessToken, refreshToken: 'r-1' }));
    expect(isAuthenticated()).toBe(true);
    expect(getUser()).toEqual(claims);
    expect(getSession()).toEqual({ accessToken, refreshToken: 'r-1' });
  });

  it('is removed from those keys by a logout, leaving the others', () => {
    setSession({ accessToken: createTestToken(claims), refreshToken: 'r-1' });
    localStorage.setItem('cookieConsent', 'true');
    logout();
    expect(['user', 'token', 'session'].map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
    expect(localStorage.getItem('cookieConsent')).toBe('true');
  });
});
