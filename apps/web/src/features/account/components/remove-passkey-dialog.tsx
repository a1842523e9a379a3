import { type Passkey, removePasskeyRequestSchema } from '@cotacep/shared/passkey-schemas';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { PasswordField } from '#web/components/form/password-field.tsx';
import { isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { useDeletePasskey } from '../api/delete-passkey.ts';
import { LAST_FACTOR_PASSWORD_ERRORS } from '../lib/last-factor-errors.ts';

type RemovePasskeyDialogProps = {
  passkey: Passkey | null;
  /** The last authenticator app or passkey of an account with a password: the password is asked too. */
  needsPassword: boolean;
  onClose: () => void;
};

/** "Remove Phone?": gone for signing in here; the device keeps its copy until the person deletes it there. */
export function RemovePasskeyDialog({ passkey, needsPassword, onClose }: RemovePasskeyDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened={passkey !== null}
      title={t('account.passkeys.removeTitle', { name: passkey?.name ?? '' })}
      onClose={onClose}
    >
      {passkey && (
        <RemoveForm key={passkey.id} passkey={passkey} needsPassword={needsPassword} onClose={onClose} />
      )}
    </AppDialog>
  );
}

function RemoveForm({ passkey, needsPassword, onClose }: RemovePasskeyDialogProps & { passkey: Passkey }) {
  const { t } = useTranslation();
  const mutation = useDeletePasskey();
  // About the password field, when it is shown; otherwise the alert says it.
  const fieldErrors = needsPassword ? LAST_FACTOR_PASSWORD_ERRORS : {};
  const form = useZodForm(removePasskeyRequestSchema, { password: needsPassword ? '' : undefined });
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { id: passkey.id, ...values },
      {
        onSuccess: () => {
          notifySuccess(t('account.passkeys.removed'));
          onClose();
        },
        onError: (error) => showOnField(form.setError, error, fieldErrors),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FailureAlert
          error={isFieldError(mutation.error, fieldErrors) ? null : mutation.error}
          title={t('account.passkeys.removeFailed')}
        />
        <Text size="sm">
          {t(needsPassword ? 'account.passkeys.removeLastText' : 'account.passkeys.removeText')}
        </Text>
        {needsPassword && (
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            {...form.field('password')}
            required
            data-autofocus
          />
        )}
        <FormActions
          submitLabel={t('account.passkeys.remove')}
          color="red"
          isPending={mutation.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
