import { apiClient } from '#web/lib/api/clients.ts';

/**
 * Ends a view on the server, with the staff member's own token (the view has already left this tab). Also
 * fine when the view has expired; a failure only means the token dies at its expiry instead.
 */
export async function endViewAsOnServer(impersonationId: string): Promise<void> {
  await apiClient.delete(`admin/view-as/${impersonationId}`, { 'axios-retry': { retries: 0 } });
}
