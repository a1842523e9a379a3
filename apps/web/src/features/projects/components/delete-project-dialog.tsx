import type { Project } from '@cotacep/shared/project-schemas';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '#web/components/dialog/confirm-delete-dialog.tsx';
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
    <ConfirmDeleteDialog
      opened={project !== null}
      title={t('projects.deleteTitle')}
      failureTitle={t('failures.deleteProject')}
      error={mutation.error}
      isPending={mutation.isPending}
      deleteLabel={t('projects.delete')}
      isBlocked={hasKeys}
      onClose={onDone}
      onDelete={onDelete}
    >
      {hasKeys ? (
        <Alert color="yellow" variant="light">
          {t('projects.deleteHasKeys', { name: project?.name })}
        </Alert>
      ) : (
        <Text size="sm">{t('projects.deleteText', { name: project?.name })}</Text>
      )}
    </ConfirmDeleteDialog>
  );
}
