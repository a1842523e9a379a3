import type { Project } from '@cotacep/shared/project-schemas';
import { RequirePermission } from '../components/permission/require-permission.tsx';
import { useKeys } from '../features/keys/api/get-keys.ts';
import { KeysPanel } from '../features/keys/components/keys-panel.tsx';
import { ProjectsPage } from '../features/projects/components/projects-page.tsx';
import { useKeyProjects } from './use-key-projects.ts';

function ProjectKeys({ project }: { project: Project }) {
  const { projects, usage, onKeysChanged } = useKeyProjects();
  return (
    <KeysPanel
      projects={projects}
      projectId={project.id}
      usage={usage}
      onChanged={onKeysChanged}
      showsLimitNotice={false}
    />
  );
}

/** The Projects screen, for a role that may read projects and keys (issue 24). */
export function ProjectsScreen() {
  return (
    <RequirePermission permission="keys.read" isPage>
      <ProjectsWithKeys />
    </RequirePermission>
  );
}

/** Each project with its keys from the keys feature, and one notice for the plan's limits. */
function ProjectsWithKeys() {
  const keys = useKeys();
  const isKeyLimitReached = keys.data !== undefined && keys.data.items.length >= keys.data.maxKeys;
  return (
    <ProjectsPage
      renderKeys={(project) => <ProjectKeys project={project} />}
      isKeyLimitReached={isKeyLimitReached}
    />
  );
}
