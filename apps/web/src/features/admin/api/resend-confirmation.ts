import type { StaffActionRequest } from '@cotacep/shared/admin-schemas';
import { apiClient } from '#web/lib/api/clients.ts';
import { useStaffAction } from './admin-query-key.ts';

type ResendConfirmationInput = { userId: string } & StaffActionRequest;

/** A new confirmation e-mail to a member who never confirmed (409 once they have). */
export async function resendConfirmation({ userId, reason }: ResendConfirmationInput) {
  const { data } = await apiClient.post<{ sent: true }>(`admin/users/${userId}/resend-confirmation`, {
    reason,
  });
  return data;
}

export const useResendConfirmation = () => useStaffAction(resendConfirmation);
