import type { Project } from '@cotacep/shared/project-schemas';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form/failure-alert.tsx';
import { useDeleteProject } from '../api/delete-project.ts';

type DeleteProjectDialogProps = { project: Project | null; onClose: () => void };

export function DeleteProjectDialog({ project, onClose }: DeleteProjectDialogProps) {
  const { t } = useTranslation();
  const mutation = useDeleteProject();
  const hasKeys = (project?.keyCount ?? 0) > 0;
  const onDone = () => {
    mutation.reset();
    onClose();
  };
  const onDelete = () => {
    if (project) mutation.mutate(project.id, { onSuccess: onDone });
  };

  return (
    <Modal
      opened={project !== null}
      onClose={onDone}
      title={t('projects.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack>
        <FailureAlert error={mutation.error} title={t('failures.deleteProject')} />
        {hasKeys ? (
          <Alert color="yellow" variant="light">
            {t('projects.deleteHasKeys', { name: project?.name })}
          </Alert>
        ) : (
          <Text size="sm">{t('projects.deleteText', { name: project?.name })}</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={onDelete} loading={mutation.isPending} disabled={hasKeys}>
            {t('projects.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
