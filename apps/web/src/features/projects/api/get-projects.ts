import type { ProjectList } from '@cotacep/shared/project-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function getProjects(): Promise<ProjectList> {
  const { data } = await apiClient.get<ProjectList>('projects');
  return data;
}

export const getProjectsQueryOptions = () => queryOptions({ queryKey: ['projects'], queryFn: getProjects });

export function useProjects({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getProjectsQueryOptions(), enabled: isEnabled });
}
