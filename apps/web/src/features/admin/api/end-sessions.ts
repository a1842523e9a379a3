import type { StaffActionRequest } from '@cotacep/shared/admin-schemas';
import { apiClient } from '#web/lib/api/clients.ts';
import { useStaffAction } from './admin-query-key.ts';

type EndSessionsInput = { userId: string } & StaffActionRequest;

/** Ends every live session of the person. */
export async function endSessions({ userId, reason }: EndSessionsInput) {
  const { data } = await apiClient.post<{ sessionsEnded: number }>(`admin/users/${userId}/end-sessions`, {
    reason,
  });
  return data;
}

export const useEndSessions = () => useStaffAction(endSessions);
