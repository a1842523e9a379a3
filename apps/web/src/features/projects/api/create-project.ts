import type { CreateProjectRequest, Project } from '@cotacep/shared/project-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getProjectsQueryOptions } from './get-projects.ts';

export async function createProject(input: CreateProjectRequest): Promise<Project> {
  const { data } = await apiClient.post<Project>('projects', input);
  return data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions().queryKey }),
  });
}
