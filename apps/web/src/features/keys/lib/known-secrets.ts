import { useSyncExternalStore } from 'react';
import { getUser, subscribe as subscribeToSession } from '#web/lib/session/session-store.ts';

/**
 * Secrets this tab has seen, by key id: shown at creation or rotation, or pasted by the user. The server
 * keeps only their hashes, so this is the one place the portal can show a secret again. Kept in memory
 * only, never in browser storage: a reload or a sign-out forgets them all.
 */
let secrets: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function rememberSecret(keyId: string, secret: string): void {
  secrets = new Map(secrets).set(keyId, secret);
  notify();
}

export function forgetSecrets(): void {
  if (secrets.size === 0) return;
  secrets = new Map();
  notify();
}

export function getKnownSecrets(): ReadonlyMap<string, string> {
  return secrets;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentSubject = () => {
  const subject = getUser()?.sub;
  return typeof subject === 'string' ? subject : null;
};

// The secrets belong to the customer who saw them: signing out (or in as someone else) forgets them, a
// token refresh does not.
let subject = currentSubject();
subscribeToSession(() => {
  const next = currentSubject();
  if (next === subject) return;
  subject = next;
  forgetSecrets();
});

/** The secrets known to this tab, re-rendering when one is recorded. */
export function useKnownSecrets(): ReadonlyMap<string, string> {
  return useSyncExternalStore(subscribe, getKnownSecrets, getKnownSecrets);
}
