import type { KeyList } from '@cotacep/shared/key-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** No project: every key of the account. */
export type KeysFilter = { projectId?: string };

export async function getKeys({ projectId }: KeysFilter = {}): Promise<KeyList> {
  const { data } = await apiClient.get<KeyList>('keys', { params: projectId ? { projectId } : {} });
  return data;
}

// `['keys']` is also the prefix of every project's list, so invalidating it refreshes them all.
export const getKeysQueryOptions = ({ projectId }: KeysFilter = {}) =>
  queryOptions({
    queryKey: projectId ? ['keys', { projectId }] : ['keys'],
    queryFn: () => getKeys({ projectId }),
  });

export function useKeys(filter: KeysFilter = {}, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getKeysQueryOptions(filter), enabled: isEnabled });
}
