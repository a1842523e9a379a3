import { decodeJwt } from 'jose';
import { useSyncExternalStore } from 'react';

/**
 * "View as customer" (issue 26): a staff member's read-only look at a customer's screens. The customer's
 * token lives in this tab's sessionStorage only and stands in for the stored session while it lasts
 * (`session-store.ts`, `organization-store.ts` read it first), so the staff member's own session under
 * `user`, `token` and `session` is never touched: their other tabs stay theirs, and ending the view (or
 * closing the tab) is all it takes to be themselves again.
 */
export const VIEW_AS_STORAGE_KEY = 'viewAs';

export type ViewAs = {
  impersonationId: string;
  accessToken: string;
  /** ISO instant the server stops accepting the token. */
  expiresAt: string;
  /** The member the token acts as, and the customer (organization) viewed. */
  user: { userId: string; name: string; email: string };
  organizationId: string;
  organizationName: string;
  /** The console page to go back to when the view ends. */
  returnTo: string;
};

/** Why a view ended: the staff member ended it, its time ran out (or the server refused it), or they signed out. */
export type ViewAsEnd = { view: ViewAs; reason: 'ended' | 'expired' | 'signedOut' };

const listeners = new Set<() => void>();
let cached: { raw: string | null; view: ViewAs | null } = { raw: null, view: null };
let lastEnd: ViewAsEnd | null = null;

function readRaw(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(VIEW_AS_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ViewAs | null {
  if (raw === null) return null;
  try {
    const view = JSON.parse(raw) as ViewAs;
    decodeJwt(view.accessToken);
    return view;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The view this tab is in, or null. An expired one stays until ended, so its refusal (a 401) ends it. */
export function getViewAs(): ViewAs | null {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, view: parse(raw) };
  return cached.view;
}

/** This tab shows the customer's screens from now on, with `view.accessToken` (decoded first: a bad one throws). */
export function startViewAs(view: ViewAs): void {
  decodeJwt(view.accessToken);
  lastEnd = null;
  sessionStorage.setItem(VIEW_AS_STORAGE_KEY, JSON.stringify(view));
  notify();
}

/** Back to the staff member's own session in this tab; returns the view that ended, if any. */
export function endViewAs(reason: ViewAsEnd['reason']): ViewAs | null {
  const view = getViewAs();
  if (!view) return null;
  lastEnd = { view, reason };
  sessionStorage.removeItem(VIEW_AS_STORAGE_KEY);
  notify();
  return view;
}

/** The last view that ended in this page, and why (the banner's slot goes back to the console). */
export function getLastViewAsEnd(): ViewAsEnd | null {
  return lastEnd;
}

export function subscribeViewAs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useViewAs(): ViewAs | null {
  return useSyncExternalStore(subscribeViewAs, getViewAs, () => null);
}
