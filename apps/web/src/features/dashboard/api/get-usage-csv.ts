import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import type { UsageView } from '../lib/usage-chart.ts';
import type { UsageFilter } from '../lib/usage-search.ts';

export type UsageCsvRequest = UsageFilter & { view: UsageView };

/** The file name from `Content-Disposition` (RFC 6266 `filename*` first), else a plain default. */
export function getFileName(disposition: string | undefined, fallback: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded.trim());
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim() || fallback;
}

/** `GET <API_URL>/usage.csv` through the API client (Bearer token, Accept-Language), saved as a download. */
export async function downloadUsageCsv({ keyId, projectId, view }: UsageCsvRequest): Promise<void> {
  const response = await apiClient.get<Blob>('usage.csv', {
    params: { ...(keyId ? { keyId } : {}), ...(projectId ? { projectId } : {}), view },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = getFileName(response.headers['content-disposition'], 'usage.csv');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadUsageCsv() {
  return useMutation({ mutationFn: downloadUsageCsv });
}
