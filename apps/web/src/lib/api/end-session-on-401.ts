import { type AxiosInstance, isAxiosError } from 'axios';
import { endSession, getAccessToken } from '../session/session-store.ts';
import { endViewAs, getViewAs } from '../view-as/view-as-store.ts';

/**
 * The auth guard's 401 (`Unauthorized`) to a request that carried the stored token: the server no longer
 * knows the session (ended from another device, password reset). Other 401s (a wrong current password)
 * keep the session, and so does a late answer to a token another login has replaced since.
 */
function isSessionRefused(error: unknown): boolean {
  if (!isAxiosError(error) || error.response?.status !== 401) return false;
  const code = (error.response.data as { code?: unknown } | undefined)?.code;
  const sent = String(error.config?.headers?.Authorization ?? '');
  const token = getAccessToken();
  return code === 'Unauthorized' && token !== null && sent === `Bearer ${token}`;
}

/**
 * On that 401 the stored session goes, so the header stops showing the user and the login says why. A
 * staff member's view of a customer (issue 26) that ran out ends instead, and their own session stays.
 */
export function installEndSessionOn401(client: AxiosInstance): void {
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (isSessionRefused(error)) {
      if (getViewAs()) endViewAs('expired');
      else endSession();
    }
    return Promise.reject(error);
  });
}
