import type { DataExport, LatestDataExport } from '@cotacep/shared/privacy-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function getDataExport(): Promise<DataExport | null> {
  const { data } = await apiClient.get<LatestDataExport>('account/export');
  return data.export;
}

// Asked again whenever the tab shows: a file prepared (or expired) meanwhile must not wait for the cache.
export const getDataExportQueryOptions = () =>
  queryOptions({ queryKey: ['privacy', 'export'], queryFn: getDataExport, staleTime: 0 });

/** While the file is being prepared, asked again every few seconds, so the button turns into the download. */
export const EXPORT_POLL_MS = 3_000;

export function useDataExport() {
  return useQuery({
    ...getDataExportQueryOptions(),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? EXPORT_POLL_MS : false),
  });
}
