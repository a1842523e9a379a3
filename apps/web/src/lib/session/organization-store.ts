import { useSyncExternalStore } from 'react';
import { getViewAs, subscribeViewAs } from '../view-as/view-as-store.ts';

/**
 * The organization this tab acts on (issue 24): sessionStorage, so two tabs can work in two organizations,
 * and localStorage as the one a new tab starts from. Null: the user's default organization.
 */
export const ORGANIZATION_STORAGE_KEY = 'organization';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function read(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(ORGANIZATION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The id `X-Organization` carries: this tab's choice, else the last one made in any tab. */
export function getCurrentOrganizationId(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  // A staff member viewing a customer (issue 26) sees that customer's organization, and only it.
  const viewAs = getViewAs();
  if (viewAs) return viewAs.organizationId;
  const own = read(sessionStorage);
  if (own !== null) return own;
  const shared = read(localStorage);
  // The new tab adopts it, so a later choice in another tab no longer moves this one.
  if (shared !== null) sessionStorage.setItem(ORGANIZATION_STORAGE_KEY, shared);
  return shared;
}

/** This tab works in `id` from now on, and so does the next tab opened. */
export function setCurrentOrganizationId(id: string): void {
  // The staff member's own choice stays theirs while they view a customer.
  if (getViewAs()) return;
  sessionStorage.setItem(ORGANIZATION_STORAGE_KEY, id);
  localStorage.setItem(ORGANIZATION_STORAGE_KEY, id);
  notify();
}

/** Back to the default organization, in this tab and the next: on logout. */
export function clearCurrentOrganizationId(): void {
  sessionStorage.removeItem(ORGANIZATION_STORAGE_KEY);
  localStorage.removeItem(ORGANIZATION_STORAGE_KEY);
  notify();
}

/**
 * `id` is no longer one of the user's organizations (removed, deleted): back to the default one. True when
 * this tab was working in it.
 */
export function forgetOrganizationId(id: string): boolean {
  // Another tab's later choice stays the one new tabs start from.
  if (read(localStorage) === id) localStorage.removeItem(ORGANIZATION_STORAGE_KEY);
  if (read(sessionStorage) !== id) return false;
  sessionStorage.removeItem(ORGANIZATION_STORAGE_KEY);
  notify();
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeViewAs = subscribeViewAs(listener);
  return () => {
    unsubscribeViewAs();
    listeners.delete(listener);
  };
}

export function useCurrentOrganizationId(): string | null {
  return useSyncExternalStore(subscribe, getCurrentOrganizationId, () => null);
}
