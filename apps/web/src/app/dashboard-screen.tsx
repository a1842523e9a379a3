import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { useKeys } from '../features/keys/api/get-keys.ts';
import { useProjects } from '../features/projects/api/get-projects.ts';

/** The dashboard with the keys and projects lists its filters and cards need, from their own features. */
export function DashboardScreen() {
  const keys = useKeys();
  const projects = useProjects();
  return (
    <DashboardPage
      keys={keys.data}
      projects={(projects.data?.items ?? []).map(({ id, name }) => ({ id, name }))}
    />
  );
}
