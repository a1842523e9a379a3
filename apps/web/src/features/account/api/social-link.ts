import type { OAuthProvider } from '@cotacep/shared/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { getAccountQueryOptions } from './get-account.ts';

/** Starts linking: the server answers the provider's authorization URL, and the browser goes there. */
export async function linkSocialAccount(provider: OAuthProvider): Promise<{ url: string }> {
  const { data } = await apiClient.post<{ url: string }>(`account/oauth/${provider}/link`);
  return data;
}

export async function unlinkSocialAccount(provider: OAuthProvider): Promise<void> {
  await apiClient.delete(`account/oauth/${provider}`);
}

/** Linking and unlinking need a recent re-authentication, asked for by the guard. */
export function useLinkSocialAccount() {
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (provider: OAuthProvider) => guard(() => linkSocialAccount(provider)),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useUnlinkSocialAccount() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (provider: OAuthProvider) => guard(() => unlinkSocialAccount(provider)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }),
  });
}
