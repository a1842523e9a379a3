import type { StateSnapshot } from './derive-status.ts';

/** sessionStorage: the sources' states when the visitor closed the banner, for this tab's session. */
export const STATUS_BANNER_DISMISSED_KEY = 'statusBannerDismissed';

export function readBannerDismissal(): StateSnapshot | null {
  try {
    const stored = sessionStorage.getItem(STATUS_BANNER_DISMISSED_KEY);
    return stored ? (JSON.parse(stored) as StateSnapshot) : null;
  } catch {
    return null;
  }
}

export function saveBannerDismissal(snapshot: StateSnapshot): void {
  try {
    sessionStorage.setItem(STATUS_BANNER_DISMISSED_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage refused (private mode, quota): the banner simply stays closed until the page reloads.
  }
}

/** Once everything is fine again, a later problem shows the banner even if this one was dismissed. */
export function clearBannerDismissal(): void {
  try {
    sessionStorage.removeItem(STATUS_BANNER_DISMISSED_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
