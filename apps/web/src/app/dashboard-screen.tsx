import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { useKeys } from '../features/keys/api/get-keys.ts';
import { useProjects } from '../features/projects/api/get-projects.ts';
import { useOrganization } from '../lib/organization/use-organization.ts';

/**
 * The dashboard with the keys and projects lists its filters and cards need, from their own features. A
 * role that may not read them (Billing) is not sent to ask: its dashboard is the usage alone.
 */
export function DashboardScreen() {
  const organization = useOrganization();
  // Asked once the role is known (or known to be unreadable: then the server decides).
  const canReadKeys = !organization.isPending && organization.can('keys.read');
  const keys = useKeys({}, { isEnabled: canReadKeys });
  const projects = useProjects({ isEnabled: canReadKeys });
  return (
    <DashboardPage
      keys={keys.data}
      projects={(projects.data?.items ?? []).map(({ id, name }) => ({ id, name }))}
    />
  );
}
