import { STORAGE_KEYS } from '@cotacep/shared/constants';
import { decodeJwt } from 'jose';
import { useSyncExternalStore } from 'react';
import { endViewAs, getViewAs, subscribeViewAs } from '../view-as/view-as-store.ts';
import { clearCurrentOrganizationId } from './organization-store.ts';

/** What the auth endpoints answer (spec §3); a challenge answer carries no accessToken. */
export type Session = {
  accessToken?: string;
  idToken?: string;
  expiresIn?: number;
  refreshToken?: string;
  [k: string]: unknown;
};

export type SessionUser = Record<string, unknown>;
export type SessionState = {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** The server ended the session (ended elsewhere, expired) since this page loaded: say so at the login. */
  hasEnded: boolean;
};

const SESSION_KEYS: readonly string[] = [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.session];
const listeners = new Set<() => void>();
// In memory only: after a reload the stored token is tried again, and the server's answer decides anew.
let hasEnded = false;

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

function writeAuthenticated(session: Session, accessToken: string): void {
  // Decode before writing anything, so a malformed token leaves the stored session untouched.
  const user = decodeJwt(accessToken);
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  localStorage.setItem(STORAGE_KEYS.token, accessToken);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/**
 * Stores a session. Only a session with an access token authenticates; one without (a login challenge)
 * is kept under `session` and drops any previous token and user, which belonged to another session.
 */
export function setSession(session: Session): void {
  hasEnded = false;
  endViewAs('signedOut');
  if (session.accessToken) {
    writeAuthenticated(session, session.accessToken);
  } else {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
  }
  notify();
}

/** Replaces the access token, id token and expiry (and a rotated refresh token) and re-decodes the user. */
export function refreshSession(next: Session): void {
  if (!next.accessToken) throw new Error('A refreshed session must carry an access token');
  writeAuthenticated({ ...getSession(), ...next }, next.accessToken);
  notify();
}

function clearStoredSession(): void {
  // A staff member's view of a customer (issue 26) ends with their own session.
  endViewAs('signedOut');
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  // The organization chosen belonged to this session's user.
  clearCurrentOrganizationId();
}

export function logout(): void {
  hasEnded = false;
  clearStoredSession();
  notify();
}

/** Logout because the server no longer knows the session (a 401): the login then says why. */
export function endSession(): void {
  if (!isAuthenticated()) return;
  hasEnded = true;
  clearStoredSession();
  notify();
}

/** The stored token, or in this tab the customer's while a staff member views as them (`lib/view-as`). */
export function getAccessToken(): string | null {
  return getViewAs()?.accessToken ?? localStorage.getItem(STORAGE_KEYS.token);
}

export function getUser(): SessionUser | null {
  const viewAs = getViewAs();
  if (viewAs) return decodeJwt(viewAs.accessToken);
  return readJson<SessionUser>(STORAGE_KEYS.user);
}

export function getSession(): Session | null {
  return readJson<Session>(STORAGE_KEYS.session);
}

/** True once the server ended the session (see `endSession`), until the next sign-in. */
export function hasSessionEnded(): boolean {
  return hasEnded;
}

/** Spec §4: authenticated means a token is in storage. */
export function isAuthenticated(): boolean {
  return getAccessToken() !== null;
}

function onStorage(event: StorageEvent): void {
  // Another tab logged in or out: the storage changed under us.
  if (event.key === null || SESSION_KEYS.includes(event.key)) notify();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  const unsubscribeViewAs = subscribeViewAs(listener);
  return () => {
    unsubscribeViewAs();
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

let cached: {
  token: string | null;
  rawUser: string | null;
  hasEnded: boolean;
  state: SessionState;
} | null = null;

// useSyncExternalStore needs the same object back while nothing changed, so the state is keyed by the raw values.
function getState(): SessionState {
  const token = getAccessToken();
  const rawUser = getViewAs()?.accessToken ?? localStorage.getItem(STORAGE_KEYS.user);
  if (cached?.token === token && cached.rawUser === rawUser && cached.hasEnded === hasEnded) {
    return cached.state;
  }
  const state = { user: getUser(), isAuthenticated: token !== null, hasEnded };
  cached = { token, rawUser, hasEnded, state };
  return state;
}

const ANONYMOUS: SessionState = { user: null, isAuthenticated: false, hasEnded: false };

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getState, () => ANONYMOUS);
}
