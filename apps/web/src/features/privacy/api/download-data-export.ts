import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getFileName } from '#web/lib/api/download-file.ts';

export type DataExportFile = { blob: Blob; fileName: string };

/**
 * The prepared JSON file, for its owner alone (404 for anyone else, before it is ready, or once it expired),
 * fetched through the API client: a plain link could not carry the token.
 */
export async function getDataExportFile(id: string): Promise<DataExportFile> {
  const response = await apiClient.get<Blob>(`account/export/${encodeURIComponent(id)}/download`, {
    responseType: 'blob',
    'axios-retry': { retries: 0 },
  });
  return {
    blob: response.data,
    fileName: getFileName(response.headers['content-disposition'], 'cotacep-data.json'),
  };
}

/**
 * A mutation, not a query: the file stays in this page's memory only, never in the query cache that is saved
 * to session storage.
 */
export function useDataExportFile() {
  return useMutation({ mutationFn: getDataExportFile });
}
