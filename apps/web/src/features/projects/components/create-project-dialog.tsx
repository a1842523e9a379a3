import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form/failure-alert.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { useCreateProject } from '../api/create-project.ts';
import { ProjectForm } from './project-form.tsx';

type CreateProjectDialogProps = { opened: boolean; onClose: () => void };

export function CreateProjectDialog({ opened, onClose }: CreateProjectDialogProps) {
  const { t } = useTranslation();
  const mutation = useCreateProject();
  const onDone = () => {
    mutation.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onDone}
      title={t('projects.create')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <ProjectForm
        defaultValues={{ name: '', description: '' }}
        submitLabel={t('actions.create')}
        isPending={mutation.isPending}
        errorAlert={<FailureAlert error={mutation.error} title={t('failures.saveChanges')} />}
        onSubmit={(values) =>
          mutation.mutate(values, {
            onSuccess: () => {
              notifySuccess(t('messages.savedSuccessfully'));
              onDone();
            },
          })
        }
        onCancel={onDone}
      />
    </Modal>
  );
}
