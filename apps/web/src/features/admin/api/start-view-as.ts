import type { ViewAsRequest, ViewAsResponse } from '@cotacep/shared/admin-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

type StartViewAsInput = { organizationId: string } & ViewAsRequest;

/** A read-only token for a member of the customer (an Owner unless `userId` says whom), at most 30 minutes. */
export async function startViewAs({ organizationId, ...body }: StartViewAsInput): Promise<ViewAsResponse> {
  const { data } = await apiClient.post<ViewAsResponse>(`admin/customers/${organizationId}/view-as`, body);
  return data;
}

export const useStartViewAs = () => useMutation({ mutationFn: startViewAs });
