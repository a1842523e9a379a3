import type { Project } from '@cotacep/shared/project-schemas';
import { Badge, Card, Divider, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu } from '#web/components/dialog/actions-menu.tsx';
import type { UsageSummary } from '../api/get-usage-summary.ts';
import { isDefaultProjectName } from '../lib/default-project.ts';
import { ProjectUsage } from './project-usage.tsx';

type ProjectCardProps = {
  project: Project;
  usage?: UsageSummary;
  /** The project's keys, composed in by the app (keys are another feature). */
  keys?: ReactNode;
  /** Why the user's role cannot edit or delete it, if it cannot. */
  disabledReason?: string | null;
  onEdit: () => void;
  onDelete: () => void;
};

export function ProjectCard({ project, usage, keys, disabledReason, onEdit, onDelete }: ProjectCardProps) {
  const { t } = useTranslation();
  const titleId = `project-${project.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4} miw={0}>
              <Group gap="xs">
                <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                  {project.name}
                </Title>
                <Badge variant="light">{t('projects.keys', { count: project.keyCount })}</Badge>
              </Group>
              {isDefaultProjectName(project.name) && (
                <Text size="sm" c="dimmed">
                  {t('projects.defaultHint')}
                </Text>
              )}
              {project.description && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {project.description}
                </Text>
              )}
            </Stack>
            <ActionsMenu
              label={t('projects.actionsFor', { name: project.name })}
              disabledReason={disabledReason}
              actions={[
                { label: t('projects.edit'), onClick: onEdit },
                { label: t('projects.delete'), onClick: onDelete, isDanger: true },
              ]}
            />
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {usage && <ProjectUsage projectId={project.id} summary={usage} />}
        </Grid.Col>
      </Grid>
      {keys && (
        <>
          <Divider my="md" label={t('projects.keysTitle')} labelPosition="left" />
          {keys}
        </>
      )}
    </Card>
  );
}
