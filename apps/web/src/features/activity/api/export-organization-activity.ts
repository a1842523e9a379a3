import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '#web/lib/api/download-file.ts';
import type { ActivityFilterQuery } from '../lib/activity-filters.ts';

export type ActivityExport = {
  organizationId: string;
  query: ActivityFilterQuery;
  format: 'csv' | 'json';
};

/** The filtered entries as a CSV or JSON file (`format=`), downloaded with the Bearer token. */
export function exportOrganizationActivity({ organizationId, query, format }: ActivityExport) {
  const params = Object.fromEntries(
    Object.entries({ ...query, format }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return downloadFile(
    `organizations/${encodeURIComponent(organizationId)}/activity`,
    params,
    `activity.${format}`,
  );
}

export function useExportOrganizationActivity() {
  return useMutation({ mutationFn: exportOrganizationActivity });
}
