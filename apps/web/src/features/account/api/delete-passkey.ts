import type { RemovePasskeyRequest } from '@cotacep/shared/passkey-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { getAccountQueryOptions } from './get-account.ts';

type DeletePasskeyInput = { id: string } & RemovePasskeyRequest;

/** Removes a passkey; the password when it is the last strong factor. */
export async function deletePasskey({ id, ...body }: DeletePasskeyInput): Promise<void> {
  await apiClient.delete(`account/passkeys/${encodeURIComponent(id)}`, { data: body });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (input: DeletePasskeyInput) => guard(() => deletePasskey(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }),
  });
}
