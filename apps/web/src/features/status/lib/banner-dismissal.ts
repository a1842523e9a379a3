import type { StatusApi } from '#web/lib/status/get-status.ts';

/** sessionStorage: the APIs that were down when the visitor closed the banner, for this tab's session. */
export const STATUS_BANNER_DISMISSED_KEY = 'statusBannerDismissed';

export function readBannerDismissal(): StatusApi[] | null {
  try {
    const stored = sessionStorage.getItem(STATUS_BANNER_DISMISSED_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    // A value written by an older build (an object of source states) is ignored, not trusted.
    return Array.isArray(parsed) ? (parsed as StatusApi[]) : null;
  } catch {
    return null;
  }
}

export function saveBannerDismissal(outages: readonly StatusApi[]): void {
  try {
    sessionStorage.setItem(STATUS_BANNER_DISMISSED_KEY, JSON.stringify(outages));
  } catch {
    // Storage refused (private mode, quota): the banner simply stays closed until the page reloads.
  }
}

/** Once nothing is down any more, a later outage shows the banner even if this one was dismissed. */
export function clearBannerDismissal(): void {
  try {
    sessionStorage.removeItem(STATUS_BANNER_DISMISSED_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
