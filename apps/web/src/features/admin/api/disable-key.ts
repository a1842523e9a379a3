import type { keyDisabledResponseSchema, StaffActionRequest } from '@cotacep/shared/admin-schemas';
import type { z } from 'zod';
import { apiClient } from '#web/lib/api/clients.ts';
import { useStaffAction } from './admin-query-key.ts';

type DisableKeyInput = { organizationId: string; keyId: string } & StaffActionRequest;

export async function disableKey({ organizationId, keyId, reason }: DisableKeyInput) {
  const { data } = await apiClient.post<z.infer<typeof keyDisabledResponseSchema>>(
    `admin/customers/${organizationId}/keys/${keyId}/disable`,
    { reason },
  );
  return data;
}

export const useDisableKey = () => useStaffAction(disableKey);
