import { STORAGE_KEYS } from '@cotacep/shared/constants';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  getAccessToken,
  getSession,
  getUser,
  isAuthenticated,
  logout,
  refreshSession,
  setSession,
  subscribe,
  useSession,
} from './session-store.ts';
import { createTestToken } from './test-tokens.ts';

const claims = { sub: 'user-1', email: 'ana@example.com', given_name: 'Ana', plan: 'free' };

describe('session store (spec §3, §4)', () => {
  it('setSession with an access token stores token, decoded user and session, and authenticates', () => {
    const accessToken = createTestToken(claims);
    const session = { accessToken, idToken: 'id-1', expiresIn: 900, refreshToken: 'r-1' };
    setSession(session);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(accessToken);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject(claims);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session)!)).toEqual(session);
    expect(getAccessToken()).toBe(accessToken);
    expect(getUser()).toMatchObject(claims);
    expect(getSession()).toEqual(session);
    expect(isAuthenticated()).toBe(true);
  });

  it('a session without an access token is stored but does not authenticate', () => {
    setSession({ accessToken: createTestToken(claims) });
    const challenge = { challenge: { session: 'opaque', method: 'email', destination: 'a***@example.com' } };
    setSession(challenge);
    expect(getSession()).toEqual(challenge);
    expect(isAuthenticated()).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(getUser()).toBeNull();
  });

  it('refuses a malformed access token and keeps the stored session as it was', () => {
    const accessToken = createTestToken(claims);
    setSession({ accessToken });
    expect(() => setSession({ accessToken: 'not-a-jwt' })).toThrow();
    expect(() => refreshSession({ accessToken: 'not.a.jwt' })).toThrow();
    expect(() => refreshSession({ idToken: 'no access token' })).toThrow();
    expect(getAccessToken()).toBe(accessToken);
    expect(getSession()).toEqual({ accessToken });
  });

  it('refreshSession replaces access token, id token and expiry, keeps the rest and re-decodes the user', () => {
    setSession({
      accessToken: createTestToken(claims),
      idToken: 'id-1',
      expiresIn: 900,
      refreshToken: 'r-1',
    });
    const next = createTestToken({ ...claims, given_name: 'Ana Maria', plan: 'pro' });
    refreshSession({ accessToken: next, idToken: 'id-2', expiresIn: 600 });
    expect(getSession()).toEqual({ accessToken: next, idToken: 'id-2', expiresIn: 600, refreshToken: 'r-1' });
    expect(getAccessToken()).toBe(next);
    expect(getUser()).toMatchObject({ given_name: 'Ana Maria', plan: 'pro' });
  });

  it('logout clears the three keys and the authenticated state, and nothing else', () => {
    setSession({ accessToken: createTestToken(claims), refreshToken: 'r-1' });
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'true');
    logout();
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.session]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(isAuthenticated()).toBe(false);
    expect(getUser()).toBeNull();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('true');
  });

  it('reads unreadable stored JSON as nothing', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{broken');
    localStorage.setItem(STORAGE_KEYS.session, 'also broken');
    expect(getUser()).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('notifies subscribers on every change until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    setSession({ accessToken: createTestToken(claims) });
    refreshSession({ accessToken: createTestToken(claims) });
    logout();
    unsubscribe();
    setSession({ accessToken: createTestToken(claims) });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('useSession', () => {
  it('follows login, refresh and logout', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual({ user: null, isAuthenticated: false, hasEnded: false });
    act(() => setSession({ accessToken: createTestToken(claims) }));
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user).toMatchObject(claims);
    act(() => refreshSession({ accessToken: createTestToken({ ...claims, given_name: 'Bia' }) }));
    expect(result.current.user).toMatchObject({ given_name: 'Bia' });
    act(() => logout());
    expect(result.current).toEqual({ user: null, isAuthenticated: false, hasEnded: false });
  });

  it('returns the same object while nothing changed', () => {
    setSession({ accessToken: createTestToken(claims) });
    const { result, rerender } = renderHook(() => useSession());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('follows a logout made in another tab (storage event)', () => {
    setSession({ accessToken: createTestToken(claims) });
    const { result } = renderHook(() => useSession());
    expect(result.current.isAuthenticated).toBe(true);
    act(() => {
      // What the browser does when another tab clears the session.
      localStorage.removeItem(STORAGE_KEYS.token);
      localStorage.removeItem(STORAGE_KEYS.user);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
    expect(result.current).toEqual({ user: null, isAuthenticated: false, hasEnded: false });
  });
});
