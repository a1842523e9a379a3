import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getBillingSummaryQueryOptions } from '../features/billing/api/get-billing-summary.ts';
import { getUsageQueryOptions } from '../features/dashboard/api/get-usage.ts';
import { getKeysQueryOptions } from '../features/keys/api/get-keys.ts';
import { getProjectsQueryOptions } from '../features/projects/api/get-projects.ts';
import { refreshAccessToken } from '../lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '../lib/organization/get-organizations.ts';

/**
 * After a purchase or a plan change: the access token is renewed, and every answer that shows the plan or
 * its limits (billing, usage, keys, projects, the organization's plan and seats) is read again.
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
        // The organization's plan and seats.
        getOrganizationsQueryOptions().queryKey,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }, [queryClient]);
}
