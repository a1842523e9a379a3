import type { Passkey, RenamePasskeyRequest } from '@cotacep/shared/passkey-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getSecondFactorsQueryOptions } from './get-second-factors.ts';

type UpdatePasskeyInput = { id: string; changes: RenamePasskeyRequest };

/** Renames a passkey (a name only helps the person tell them apart: no re-authentication). */
export async function updatePasskey({ id, changes }: UpdatePasskeyInput): Promise<Passkey> {
  const { data } = await apiClient.patch<Passkey>(`account/passkeys/${encodeURIComponent(id)}`, changes);
  return data;
}

export function useUpdatePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSecondFactorsQueryOptions().queryKey }),
  });
}
