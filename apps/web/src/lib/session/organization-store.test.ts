// @vitest-environment node
import '../test-storage.ts';
import { describe, expect, it } from 'vitest';
import {
  forgetOrganizationId,
  getCurrentOrganizationId,
  ORGANIZATION_STORAGE_KEY,
  setCurrentOrganizationId,
} from './organization-store.ts';
import { logout } from './session-store.ts';

/** A new tab: its sessionStorage starts empty, localStorage is shared with the other tabs. */
const openNewTab = () => sessionStorage.clear();

describe('the organization a tab works in (issue 24)', () => {
  it('is the default one (none stored) until the user switches', () => {
    expect(getCurrentOrganizationId()).toBeNull();
    setCurrentOrganizationId('org-a');
    expect(getCurrentOrganizationId()).toBe('org-a');
  });

  it('is per tab: a new tab starts from the last choice, and another tab’s later choice leaves it alone', () => {
    setCurrentOrganizationId('org-a');
    openNewTab();
    expect(getCurrentOrganizationId()).toBe('org-a');
    // The first tab switches (its choice also becomes the default of new tabs)…
    localStorage.setItem(ORGANIZATION_STORAGE_KEY, 'org-b');
    // …and this one keeps working in org-a.
    expect(getCurrentOrganizationId()).toBe('org-a');
  });

  it('falls back to the default once the stored one is no longer the user’s', () => {
    setCurrentOrganizationId('org-gone');
    expect(forgetOrganizationId('org-gone')).toBe(true);
    expect(getCurrentOrganizationId()).toBeNull();
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBeNull();
    expect(forgetOrganizationId('org-gone')).toBe(false);
  });

  it('forgetting another tab’s organization keeps this tab’s', () => {
    setCurrentOrganizationId('org-a');
    localStorage.setItem(ORGANIZATION_STORAGE_KEY, 'org-b');
    expect(forgetOrganizationId('org-b')).toBe(false);
    expect(getCurrentOrganizationId()).toBe('org-a');
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBeNull();
  });

  it('is cleared on logout', () => {
    setCurrentOrganizationId('org-a');
    logout();
    expect(sessionStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBeNull();
  });
});
