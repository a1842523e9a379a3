import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { useCreateKey } from '../api/create-key.ts';
import { rememberSecret } from '../lib/known-secrets.ts';
import type { ProjectOption } from '../lib/project-option.ts';
import { FirstCall } from './first-call.tsx';
import { KeyForm, START_LIST } from './key-form.tsx';
import { NewSecret } from './new-secret.tsx';

type CreateKeyDialogProps = {
  opened: boolean;
  projects: ProjectOption[];
  /** The project the new key goes into first; without one, the server's default project. */
  projectId?: string;
  onClose: () => void;
  onCreated?: () => void;
};

export function CreateKeyDialog({ opened, projects, projectId, onClose, onCreated }: CreateKeyDialogProps) {
  const { t } = useTranslation();
  const mutation = useCreateKey();
  const [created, setCreated] = useState<KeyWithSecret | null>(null);
  const onDone = () => {
    setCreated(null);
    mutation.reset();
    onClose();
  };
  const defaults = {
    description: '',
    projectId: projectId ?? projects[0]?.id,
    kind: 'public' as const,
    allowedOrigins: START_LIST.public,
    enabled: true,
  };

  return (
    <AppDialog opened={opened} onClose={onDone} title={t(created ? 'keys.createdTitle' : 'keys.create')}>
      {created ? (
        <NewSecret secret={created.secret} onDone={onDone}>
          <FirstCall secret={created.secret} apiKey={created.key} />
        </NewSecret>
      ) : (
        <KeyForm
          defaultValues={defaults}
          projects={projects}
          submitLabel={t('actions.create')}
          isPending={mutation.isPending}
          errorAlert={<FailureAlert error={mutation.error} title={t('failures.saveChanges')} />}
          onSubmit={(values) =>
            mutation.mutate(values, {
              onSuccess: (result) => {
                rememberSecret(result.key.id, result.secret);
                setCreated(result);
                onCreated?.();
              },
            })
          }
          onCancel={onDone}
        />
      )}
    </AppDialog>
  );
}
