import type { OAuthExchangeResponse } from '@cotacep/shared/auth-responses';
import type { OAuthExchangeRequest } from '@cotacep/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';

/**
 * Trades the one-time code the OAuth callback put in `/auth/login#oauthCode=…` for a login answer. The
 * server redeems it only along with the cookie of the flow this browser started (someone else's code is
 * refused with OAuthBrowserMismatch); the request is same-origin, so the browser sends that cookie.
 */
export async function exchangeOAuthCode(input: OAuthExchangeRequest): Promise<OAuthExchangeResponse> {
  const { data } = await authClient.post<OAuthExchangeResponse>('oauth/exchange', input);
  return data;
}

export function useExchangeOAuthCode() {
  return useMutation({ mutationFn: exchangeOAuthCode });
}
