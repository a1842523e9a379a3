import type { CreateKeyInput, KeyWithSecret } from '@cotacep/shared/key-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getKeysQueryOptions } from './get-keys.ts';

/** The answer carries the secret, shown once. */
export async function createKey(input: CreateKeyInput): Promise<KeyWithSecret> {
  const { data } = await apiClient.post<KeyWithSecret>('keys', input);
  return data;
}

export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getKeysQueryOptions().queryKey }),
  });
}
