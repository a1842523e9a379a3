import type { Project } from '@cotacep/shared/project-schemas';
import { Alert, Anchor, Button, Card, Container, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { BoltIcon } from '#web/components/icons.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { DeniedReason } from '#web/components/permission/denied-reason.tsx';
import { usePermission } from '#web/lib/organization/use-permission.ts';
import { useProjects } from '../api/get-projects.ts';
import { useUsageSummary } from '../api/get-usage-summary.ts';
import { CreateProjectDialog } from './create-project-dialog.tsx';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { EditProjectDialog } from './edit-project-dialog.tsx';
import { ProjectCard } from './project-card.tsx';

type ProjectsPageProps = {
  /** Each project's keys; the app fills it in with the keys feature. */
  renderKeys?: (project: Project) => ReactNode;
  /** Whether the account's keys are at the plan's limit (from the keys feature), told in the page's one notice. */
  isKeyLimitReached?: boolean;
};

type Open = { action: 'edit' | 'delete'; project: Project } | null;

/** The Projects screen: each project with its usage this period and its keys; create, edit, delete. */
export function ProjectsPage({ renderKeys, isKeyLimitReached = false }: ProjectsPageProps) {
  const { t } = useTranslation();
  const projects = useProjects();
  const usage = useUsageSummary();
  const [isCreating, creating] = useDisclosure(false);
  const [open, setOpen] = useState<Open>(null);
  // Issue 24: a role without `keys.write` sees the projects with every change disabled, and why.
  const write = usePermission('keys.write');
  const items = projects.data?.items ?? [];
  const maxProjects = projects.data?.maxProjects;
  const isAtLimit = maxProjects !== undefined && items.length >= maxProjects;
  // One notice for every limit reached, rather than one per limit and per project card.
  const limitNotice = isAtLimit
    ? isKeyLimitReached
      ? 'projects.limitReachedBoth'
      : 'projects.limitReached'
    : isKeyLimitReached
      ? 'projects.keyLimitReached'
      : null;
  const actions = (
    <Stack gap={4} align="flex-start">
      <Button
        onClick={creating.open}
        disabled={isAtLimit || !write.isAllowed}
        aria-describedby={write.reason ? write.reasonId : undefined}
      >
        {t('projects.create')}
      </Button>
      <DeniedReason permission={write} />
      {maxProjects !== undefined && (
        <Text size="xs" c="dimmed">
          {t('projects.limit', { used: items.length, count: maxProjects })}
        </Text>
      )}
    </Stack>
  );

  return (
    <Container size="lg" py="xl">
      <PageHeader title={t('projects.title')} description={t('projects.description')} actions={actions} />
      <Stack>
        {limitNotice && (
          <Alert color="yellow" variant="light">
            {t(limitNotice)}{' '}
            <Anchor component={Link} to="/pricing" inherit fw={500}>
              {t('projects.seePlans')}
            </Anchor>
          </Alert>
        )}
        <FormErrorAlert error={projects.error} />
        {projects.isPending && <Skeleton h={160} radius="md" />}
        {projects.isSuccess && items.length === 0 && (
          <Card withBorder radius="md" padding="xl">
            <EmptyState
              icon={<BoltIcon size={28} />}
              variant="light"
              title={t('projects.emptyTitle')}
              description={t('projects.emptyText')}
            />
          </Card>
        )}
        {items.map((project) => (
          <ProjectCard
            key={project.id}
            project={project}
            usage={usage.data}
            keys={renderKeys?.(project)}
            disabledReason={write.reason}
            onEdit={() => setOpen({ action: 'edit', project })}
            onDelete={() => setOpen({ action: 'delete', project })}
          />
        ))}
      </Stack>
      <CreateProjectDialog opened={isCreating} onClose={creating.close} />
      <EditProjectDialog
        project={open?.action === 'edit' ? open.project : null}
        onClose={() => setOpen(null)}
      />
      <DeleteProjectDialog
        project={open?.action === 'delete' ? open.project : null}
        onClose={() => setOpen(null)}
      />
    </Container>
  );
}
