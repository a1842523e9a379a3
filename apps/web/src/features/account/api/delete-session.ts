import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getSessionsQueryOptions } from './get-sessions.ts';

export async function deleteSession(id: string): Promise<void> {
  await apiClient.delete(`account/sessions/${encodeURIComponent(id)}`);
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
