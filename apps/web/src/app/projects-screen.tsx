import type { Project } from '@cotacep/shared/project-schemas';
import { KeysPanel } from '../features/keys/components/keys-panel.tsx';
import { ProjectsPage } from '../features/projects/components/projects-page.tsx';
import { useKeyProjects } from './use-key-projects.ts';

function ProjectKeys({ project }: { project: Project }) {
  const { projects, usage, onKeysChanged } = useKeyProjects();
  return <KeysPanel projects={projects} projectId={project.id} usage={usage} onChanged={onKeysChanged} />;
}

/** The Projects screen with each project's keys from the keys feature. */
export function ProjectsScreen() {
  return <ProjectsPage renderKeys={(project) => <ProjectKeys project={project} />} />;
}
