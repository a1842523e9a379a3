import { type Passkey, renamePasskeyRequestSchema } from '@cotacep/shared/passkey-schemas';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { useUpdatePasskey } from '../api/update-passkey.ts';

type RenamePasskeyDialogProps = { passkey: Passkey | null; onClose: () => void };

export function RenamePasskeyDialog({ passkey, onClose }: RenamePasskeyDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={passkey !== null} title={t('account.passkeys.renameTitle')} onClose={onClose}>
      {passkey && <RenameForm key={passkey.id} passkey={passkey} onClose={onClose} />}
    </AppDialog>
  );
}

function RenameForm({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useUpdatePasskey();
  const form = useZodForm(renamePasskeyRequestSchema, { name: passkey.name });
  const onSubmit = form.handleSubmit((changes) =>
    mutation.mutate(
      { id: passkey.id, changes },
      {
        onSuccess: () => {
          notifySuccess(t('account.passkeys.renamed'));
          onClose();
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert error={mutation.error} />
        <TextInput label={t('account.passkeys.name')} {...form.field('name')} required data-autofocus />
        <FormActions submitLabel={t('actions.save')} isPending={mutation.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
