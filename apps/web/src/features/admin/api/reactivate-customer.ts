import type { StaffActionRequest, SuspensionResponse } from '@cotacep/shared/admin-schemas';
import { apiClient } from '#web/lib/api/clients.ts';
import { useStaffAction } from './admin-query-key.ts';

type ReactivationInput = { organizationId: string } & StaffActionRequest;

export async function reactivateCustomer({ organizationId, reason }: ReactivationInput) {
  const { data } = await apiClient.post<SuspensionResponse>(`admin/customers/${organizationId}/reactivate`, {
    reason,
  });
  return data;
}

export const useReactivateCustomer = () => useStaffAction(reactivateCustomer);
