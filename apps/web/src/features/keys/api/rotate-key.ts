import type { KeyWithSecret, RotateKeyRequest } from '@cotacep/shared/key-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getKeysQueryOptions } from './get-keys.ts';

export type RotateKeyVariables = { id: string } & RotateKeyRequest;

/** A new secret, shown once; the old one keeps working for `graceSeconds`. */
export async function rotateKey({ id, graceSeconds }: RotateKeyVariables): Promise<KeyWithSecret> {
  const { data } = await apiClient.post<KeyWithSecret>(`keys/${id}/rotate`, { graceSeconds });
  return data;
}

export function useRotateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getKeysQueryOptions().queryKey }),
  });
}
