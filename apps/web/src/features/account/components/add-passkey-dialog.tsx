import type { RegisterPasskeyResponse } from '@cotacep/shared/passkey-schemas';
import { type RenamePasskeyRequest, renamePasskeyRequestSchema } from '@cotacep/shared/passkey-schemas';
import { describeUserAgent } from '@cotacep/shared/user-agent';
import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { useCreatePasskey } from '../api/create-passkey.ts';

type AddPasskeyDialogProps = {
  opened: boolean;
  onClose: () => void;
  onAdded: (added: RegisterPasskeyResponse) => void;
};

/** Names the passkey, then hands over to the browser, which asks the person to create it. */
export function AddPasskeyDialog({ opened, onClose, onAdded }: AddPasskeyDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} title={t('account.passkeys.addTitle')} onClose={onClose}>
      {opened && <AddForm onClose={onClose} onAdded={onAdded} />}
    </AppDialog>
  );
}

function AddForm({ onClose, onAdded }: Omit<AddPasskeyDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const mutation = useCreatePasskey();
  // Passkeys live in the system's or a password manager's keychain: the system names it best.
  const device = describeUserAgent(navigator.userAgent);
  const suggested = device ? t('account.passkeys.defaultName', { device: device.os ?? device.browser }) : '';
  const form = useZodForm(renamePasskeyRequestSchema, { name: suggested });
  const onSubmit = form.handleSubmit(({ name }: RenamePasskeyRequest) =>
    mutation.mutate(name, { onSuccess: onAdded }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('account.passkeys.addText')}</Text>
        <FormErrorAlert error={mutation.error} />
        <TextInput label={t('account.passkeys.name')} {...form.field('name')} required data-autofocus />
        <FormActions
          submitLabel={t('account.passkeys.continue')}
          isPending={mutation.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
