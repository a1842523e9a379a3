import type { StaffActionRequest, SuspensionResponse } from '@cotacep/shared/admin-schemas';
import { apiClient } from '#web/lib/api/clients.ts';
import { useStaffAction } from './admin-query-key.ts';

type SuspensionInput = { organizationId: string } & StaffActionRequest;

/** Refuses the organization's keys at once and ends its members' sessions in it. */
export async function suspendCustomer({ organizationId, reason }: SuspensionInput) {
  const { data } = await apiClient.post<SuspensionResponse>(`admin/customers/${organizationId}/suspend`, {
    reason,
  });
  return data;
}

export const useSuspendCustomer = () => useStaffAction(suspendCustomer);
