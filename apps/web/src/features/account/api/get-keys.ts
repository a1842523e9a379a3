import type { KeyList } from '@cotacep/shared/key-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api/clients.ts';

export async function getKeys(): Promise<KeyList> {
  const { data } = await apiClient.get<KeyList>('keys');
  return data;
}

export const getKeysQueryOptions = () => queryOptions({ queryKey: ['keys'], queryFn: getKeys });

export function useKeys() {
  return useQuery(getKeysQueryOptions());
}
