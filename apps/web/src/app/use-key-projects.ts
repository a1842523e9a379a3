import { useQueryClient } from '@tanstack/react-query';
import { getProjectsQueryOptions, useProjects } from '../features/projects/api/get-projects.ts';
import { useUsageSummary } from '../features/projects/api/get-usage-summary.ts';

/**
 * What the keys screens need from projects: the choices for a key's project, a refresh of their counts, and
 * each key's figures this period from the projects feature's usage summary (one request, shared with the
 * Projects page's cards; the keys feature cannot import it).
 */
export function useKeyProjects() {
  const queryClient = useQueryClient();
  const projects = useProjects();
  const usage = useUsageSummary();
  return {
    projects: (projects.data?.items ?? []).map(({ id, name }) => ({ id, name })),
    usage: usage.data?.byKey.map(({ keyId, used, days }) => ({ keyId, used, days })),
    onKeysChanged: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions().queryKey }),
  };
}
