import type { DataExport } from '@cotacep/shared/privacy-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getDataExportQueryOptions } from './get-data-export.ts';

export async function requestDataExport(): Promise<DataExport> {
  const { data } = await apiClient.post<DataExport>('account/export');
  return data;
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (created) => queryClient.setQueryData(getDataExportQueryOptions().queryKey, created),
  });
}
