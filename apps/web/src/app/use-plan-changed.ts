import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getBillingSummaryQueryOptions } from '../features/billing/api/get-billing-summary.ts';
import { getUsageQueryOptions } from '../features/dashboard/api/get-usage.ts';
import { getKeysQueryOptions } from '../features/keys/api/get-keys.ts';
import { getProjectsQueryOptions } from '../features/projects/api/get-projects.ts';
import { refreshAccessToken } from '../lib/api/clients.ts';

/**
 * After a purchase or a plan change: a new access token carries the new `plan` claim, and every answer
 * that shows the plan or its limits (billing, usage, keys, projects) is read again.
 */
export function usePlanChanged() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await refreshAccessToken();
    await Promise.all(
      [
        getBillingSummaryQueryOptions().queryKey,
        getUsageQueryOptions().queryKey,
        getKeysQueryOptions().queryKey,
        getProjectsQueryOptions().queryKey,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }, [queryClient]);
}
