import type { Project, UpdateProjectRequest } from '@cotacep/shared/project-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getProjectsQueryOptions } from './get-projects.ts';

export type UpdateProjectVariables = { id: string; changes: UpdateProjectRequest };

export async function updateProject({ id, changes }: UpdateProjectVariables): Promise<Project> {
  const { data } = await apiClient.patch<Project>(`projects/${id}`, changes);
  return data;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions().queryKey }),
  });
}
