import { type AxiosInstance, isAxiosError } from 'axios';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
// In memory only: after a reload, the account's `twoFactorEnrolmentRequired` says it again.
let refusedAt: number | null = null;

/** When an API call last answered 403 `TwoFactorEnrolmentRequired`; null if none has since this page loaded. */
export function getEnrolmentRefusedAt(): number | null {
  return refusedAt;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Issue 25: an organization that requires two-factor refuses its data to a member without an authenticator
 * app or a passkey. The refusal is remembered here, and the protected area sends the person to enrol.
 */
export function installEnrolmentRequiredOn403(client: AxiosInstance): void {
  client.interceptors.response.use(undefined, (error: unknown) => {
    const code = isAxiosError(error) ? (error.response?.data as { code?: unknown } | undefined)?.code : null;
    if (isAxiosError(error) && error.response?.status === 403 && code === 'TwoFactorEnrolmentRequired') {
      refusedAt = Date.now();
      for (const listener of listeners) listener();
    }
    return Promise.reject(error);
  });
}

export function useEnrolmentRefusedAt(): number | null {
  return useSyncExternalStore(subscribe, getEnrolmentRefusedAt, () => null);
}
