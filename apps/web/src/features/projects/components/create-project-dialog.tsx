import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
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
    <AppDialog opened={opened} onClose={onDone} title={t('projects.create')}>
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
    </AppDialog>
  );
}
