import type { QuotaGrantRequest, quotaGrantResponseSchema } from '@cotacep/shared/admin-schemas';
import type { z } from 'zod';
import { apiClient } from '#web/lib/api/clients.ts';
import { useStaffAction } from './admin-query-key.ts';

type GrantQuotaInput = { organizationId: string } & QuotaGrantRequest;

/** Extra requests for the customer's current period, enforced at once. */
export async function grantQuota({ organizationId, ...body }: GrantQuotaInput) {
  const { data } = await apiClient.post<z.infer<typeof quotaGrantResponseSchema>>(
    `admin/customers/${organizationId}/quota-grants`,
    body,
  );
  return data;
}

export const useGrantQuota = () => useStaffAction(grantQuota);
