import { useQueryClient } from '@tanstack/react-query';
import { getProjectsQueryOptions, useProjects } from '../features/projects/api/get-projects.ts';

/** What the keys screens need from projects: the choices for a key's project, and a refresh of their counts. */
export function useKeyProjects() {
  const queryClient = useQueryClient();
  const projects = useProjects();
  return {
    projects: (projects.data?.items ?? []).map(({ id, name }) => ({ id, name })),
    onKeysChanged: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions().queryKey }),
  };
}
