import {
  Badge,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { BoltIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { useProjects } from '../api/get-projects.ts';
import { CreateProjectModal } from './create-project-modal.tsx';

export function ProjectsPage() {
  const { t } = useTranslation();
  const projects = useProjects();
  const [isCreating, creating] = useDisclosure(false);
  const items = projects.data?.items ?? [];
  const isAtLimit = projects.data ? items.length >= projects.data.maxProjects : false;
  const createButton = (
    <Button onClick={creating.open} disabled={isAtLimit}>
      {t('projects.create')}
    </Button>
  );

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title={t('projects.title')}
        description={t('projects.description')}
        actions={createButton}
      />
      <FormErrorAlert error={projects.error} />
      {projects.isPending && <Skeleton h={120} radius="md" />}
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
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {items.map((project) => (
          <Card key={project.id} withBorder radius="md" padding="lg">
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Title order={2} fz="lg" lineClamp={1}>
                {project.name}
              </Title>
              <Badge variant="light">{t('projects.keys', { count: project.keyCount })}</Badge>
            </Group>
            <Text size="sm" c="dimmed" lineClamp={3}>
              {project.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <CreateProjectModal opened={isCreating} onClose={creating.close} />
    </Container>
  );
}
