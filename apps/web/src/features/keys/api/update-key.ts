import type { ApiKey, UpdateKeyInput } from '@cotacep/shared/key-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getKeysQueryOptions } from './get-keys.ts';

export type UpdateKeyVariables = { id: string; changes: UpdateKeyInput };

/** Only the fields sent change; the allowed list travels with the key's (unchangeable) kind. */
export async function updateKey({ id, changes }: UpdateKeyVariables): Promise<ApiKey> {
  const { data } = await apiClient.patch<ApiKey>(`keys/${id}`, changes);
  return data;
}

export function useUpdateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getKeysQueryOptions().queryKey }),
  });
}
