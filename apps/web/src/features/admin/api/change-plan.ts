import type { StaffPlanRequest, staffPlanResponseSchema } from '@cotacep/shared/admin-schemas';
import type { z } from 'zod';
import { apiClient } from '#web/lib/api/clients.ts';
import { useStaffAction } from './admin-query-key.ts';

type ChangePlanInput = { organizationId: string } & StaffPlanRequest;

export async function changePlan({ organizationId, ...body }: ChangePlanInput) {
  const { data } = await apiClient.post<z.infer<typeof staffPlanResponseSchema>>(
    `admin/customers/${organizationId}/plan`,
    body,
  );
  return data;
}

export const useChangePlan = () => useStaffAction(changePlan);
