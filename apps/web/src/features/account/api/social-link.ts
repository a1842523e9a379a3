import type { OAuthProvider } from '@cotacep/shared/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getAccountQueryOptions } from './get-account.ts';

/** Starts linking: the server answers the provider's authorization URL, and the browser goes there. */
export async function linkSocialAccount(provider: OAuthProvider): Promise<{ url: string }> {
  const { data } = await apiClient.post<{ url: string }>(`account/oauth/${provider}/link`);
  return data;
}

export async function unlinkSocialAccount(provider: OAuthProvider): Promise<void> {
  await apiClient.delete(`account/oauth/${provider}`);
}

export function useLinkSocialAccount() {
  return useMutation({
    mutationFn: linkSocialAccount,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useUnlinkSocialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkSocialAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }),
  });
}
