import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '#web/lib/api/download-file.ts';
import type { UsageView } from '../lib/usage-chart.ts';
import type { UsageFilter } from '../lib/usage-search.ts';

export type UsageCsvRequest = UsageFilter & { view: UsageView };

/** `GET <API_URL>/usage.csv` through the API client (Bearer token, Accept-Language), saved as a download. */
export function downloadUsageCsv({ keyId, projectId, view }: UsageCsvRequest): Promise<void> {
  return downloadFile(
    'usage.csv',
    { ...(keyId ? { keyId } : {}), ...(projectId ? { projectId } : {}), view },
    'usage.csv',
  );
}

export function useDownloadUsageCsv() {
  return useMutation({ mutationFn: downloadUsageCsv });
}
