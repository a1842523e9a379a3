import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api/clients.ts';

export type SourceStatus = {
  name: string;
  api: 'quotes' | 'cep';
  lastSuccessAt: string | null;
  ageMs: number | null;
  isStale: boolean;
  circuit: 'closed' | 'open' | 'half-open';
};
export type ApiStatus = { status: 'ok' | 'degraded'; generatedAt: string; sources: SourceStatus[] };

/** The public `GET /api/status`: freshness of the data sources behind the quotes and CEP APIs. */
export async function getStatus(): Promise<ApiStatus> {
  const { data } = await apiClient.get<ApiStatus>('status');
  return data;
}

export const getStatusQueryOptions = () => queryOptions({ queryKey: ['status'], queryFn: getStatus });

export function useStatus() {
  return useQuery({ ...getStatusQueryOptions(), refetchOnMount: 'always', refetchInterval: 60_000 });
}
