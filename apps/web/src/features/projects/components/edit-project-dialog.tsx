import type { Project } from '@cotacep/shared/project-schemas';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { ProjectForm } from './project-form.tsx';

type EditProjectDialogProps = { project: Project | null; onClose: () => void };

export function EditProjectDialog({ project, onClose }: EditProjectDialogProps) {
  const { t } = useTranslation();
  const mutation = useUpdateProject();
  const onDone = () => {
    mutation.reset();
    onClose();
  };

  return (
    <AppDialog opened={project !== null} onClose={onDone} title={t('projects.editTitle')}>
      {project && (
        <ProjectForm
          key={project.id}
          defaultValues={{ name: project.name, description: project.description }}
          submitLabel={t('actions.save')}
          isPending={mutation.isPending}
          errorAlert={<FailureAlert error={mutation.error} title={t('failures.saveChanges')} />}
          onSubmit={(changes) =>
            mutation.mutate(
              { id: project.id, changes },
              {
                onSuccess: () => {
                  notifySuccess(t('messages.savedSuccessfully'));
                  onDone();
                },
              },
            )
          }
          onCancel={onDone}
        />
      )}
    </AppDialog>
  );
}
