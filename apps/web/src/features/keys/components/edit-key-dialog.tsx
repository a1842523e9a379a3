import { joinAllowedList } from '@cotacep/shared/allowed-list';
import type { ApiKey } from '@cotacep/shared/key-schemas';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { useUpdateKey } from '../api/update-key.ts';
import type { ProjectOption } from '../lib/project-option.ts';
import { KeyForm } from './key-form.tsx';

type EditKeyDialogProps = {
  apiKey: ApiKey | null;
  projects: ProjectOption[];
  onClose: () => void;
  onSaved?: () => void;
};

export function EditKeyDialog({ apiKey, projects, onClose, onSaved }: EditKeyDialogProps) {
  const { t } = useTranslation();
  const mutation = useUpdateKey();
  const onDone = () => {
    mutation.reset();
    onClose();
  };

  return (
    <AppDialog opened={apiKey !== null} onClose={onDone} title={t('keys.editTitle')}>
      {apiKey && (
        <KeyForm
          key={apiKey.id}
          defaultValues={{
            description: apiKey.description,
            projectId: apiKey.projectId,
            kind: apiKey.kind,
            allowedOrigins: joinAllowedList(apiKey.allowedOrigins),
            enabled: apiKey.enabled,
          }}
          projects={projects}
          isKindLocked
          submitLabel={t('actions.save')}
          isPending={mutation.isPending}
          errorAlert={<FailureAlert error={mutation.error} title={t('failures.saveChanges')} />}
          onSubmit={(changes) =>
            mutation.mutate(
              { id: apiKey.id, changes },
              {
                onSuccess: () => {
                  notifySuccess(t('messages.savedSuccessfully'));
                  onSaved?.();
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
