import { REQUEST_RETRIES, RETRY_DELAY_UNIT_MS } from '@cotacep/shared/constants';
import axios, { type AxiosError, type AxiosInstance } from 'axios';
import axiosRetry from 'axios-retry';

/** Spec §8: retry when there is no status or the status is 500 or above; a cancelled request stays cancelled. */
export function isRetryableError(error: AxiosError): boolean {
  if (axios.isCancel(error)) return false;
  const status = error.response?.status;
  return status === undefined || status >= 500;
}

/** Up to 3 retries, waiting attempt number × the unit (1 s) before each. */
export function installRetry(client: AxiosInstance, delayUnitMs = RETRY_DELAY_UNIT_MS): void {
  axiosRetry(client, {
    retries: REQUEST_RETRIES,
    retryDelay: (attempt) => attempt * delayUnitMs,
    retryCondition: isRetryableError,
  });
}
