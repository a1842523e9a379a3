import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getProjectsQueryOptions } from './get-projects.ts';

/** Refused with ProjectHasKeys while the project still holds keys. */
export async function deleteProject(id: string): Promise<void> {
  await apiClient.delete(`projects/${id}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions().queryKey }),
  });
}
