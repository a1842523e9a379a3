import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getKeysQueryOptions } from './get-keys.ts';

export async function deleteKey(id: string): Promise<void> {
  await apiClient.delete(`keys/${id}`);
}

export function useDeleteKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getKeysQueryOptions().queryKey }),
  });
}
