import type { AdminNfseAttentionList, NfseAttentionStatus } from '@cotacep/shared/admin-nfse-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { ADMIN_QUERY_KEY } from './admin-query-key.ts';

export type NfseAttentionFilter = { status?: NfseAttentionStatus; page?: number; limit?: number };

/** Notas needing attention across customers, the longest waiting first (GET /admin/nfse). */
export async function getNfseAttention(filter: NfseAttentionFilter): Promise<AdminNfseAttentionList> {
  const { data } = await apiClient.get<AdminNfseAttentionList>('admin/nfse', { params: filter });
  return data;
}

export const getNfseAttentionQueryOptions = (filter: NfseAttentionFilter = {}) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'nfse', filter],
    queryFn: () => getNfseAttention(filter),
    refetchOnMount: 'always',
  });

export function useNfseAttention(filter: NfseAttentionFilter) {
  return useQuery({ ...getNfseAttentionQueryOptions(filter), placeholderData: keepPreviousData });
}
