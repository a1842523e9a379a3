import type { InvitationPreview } from '@cotacep/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** What an invitation link offers, before anyone signs in (the link's token is the only credential). */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const { data } = await apiClient.post<InvitationPreview>('invitations/preview', { token });
  return data;
}

// Not kept once the page closes: the key holds the link's secret.
export const getInvitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation-preview', token],
    queryFn: () => previewInvitation(token),
    gcTime: 0,
    staleTime: 0,
  });

export function useInvitationPreview(token: string | null) {
  return useQuery({ ...getInvitationPreviewQueryOptions(token ?? ''), enabled: token !== null });
}
