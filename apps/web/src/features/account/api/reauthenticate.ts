import type {
  ReauthenticatedResponse,
  ReauthenticateRequest,
  ReauthMethod,
} from '@cotacep/shared/account-schemas';
import { REAUTH_METHODS } from '@cotacep/shared/account-schemas';
import type { CodeSentResponse } from '@cotacep/shared/auth-responses';
import { isAxiosError } from 'axios';
import { apiClient } from '#web/lib/api/clients.ts';

/** Proves again that the signed-in person is the account's owner (password or code) before a sensitive change. */
export async function reauthenticate(input: ReauthenticateRequest): Promise<ReauthenticatedResponse> {
  const { data } = await apiClient.post<ReauthenticatedResponse>('account/reauthenticate', input);
  return data;
}

/** Sends a code to the second factor (or by e-mail to an account without a password). */
export async function sendReauthCode(): Promise<CodeSentResponse> {
  const { data } = await apiClient.post<CodeSentResponse>('account/reauthenticate/code');
  return data;
}

/** The ways the server offered in a `ReauthenticationRequired` refusal; the password when it did not say. */
export function offeredMethods(error: unknown): ReauthMethod[] {
  const methods = isAxiosError(error)
    ? (error.response?.data as { methods?: unknown } | undefined)?.methods
    : undefined;
  if (!Array.isArray(methods)) return ['password'];
  const known = REAUTH_METHODS.filter((method) => methods.includes(method));
  return known.length > 0 ? known : ['password'];
}
