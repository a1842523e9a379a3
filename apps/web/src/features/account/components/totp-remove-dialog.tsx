import { type TotpDeleteRequest, totpDeleteRequestSchema } from '@cotacep/shared/second-factor-schemas';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { CodeField } from '#web/components/form/code-field.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { PasswordField } from '#web/components/form/password-field.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { useDeleteTotp } from '../api/delete-totp.ts';
import { LAST_FACTOR_PASSWORD_ERRORS } from '../lib/last-factor-errors.ts';

const CODE_ERRORS: FieldErrorCodes<TotpDeleteRequest> = { CodeMismatch: 'code' };
// About the password field, when it is shown; otherwise the alert says it.
const PASSWORD_ERRORS: FieldErrorCodes<TotpDeleteRequest> = {
  ...CODE_ERRORS,
  ...LAST_FACTOR_PASSWORD_ERRORS,
};

type TotpRemoveDialogProps = {
  opened: boolean;
  /** The last authenticator app or passkey of an account with a password: the password is asked too. */
  needsPassword: boolean;
  onClose: () => void;
};

/** Removing the authenticator app takes a current code from it (and the password if it is the last one). */
export function TotpRemoveDialog({ opened, needsPassword, onClose }: TotpRemoveDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} title={t('account.totp.removeTitle')} onClose={onClose}>
      {opened && <RemoveForm needsPassword={needsPassword} onClose={onClose} />}
    </AppDialog>
  );
}

function RemoveForm({ needsPassword, onClose }: Omit<TotpRemoveDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const mutation = useDeleteTotp();
  const fieldErrors = needsPassword ? PASSWORD_ERRORS : CODE_ERRORS;
  const form = useZodForm(totpDeleteRequestSchema, { code: '', password: needsPassword ? '' : undefined });
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('account.totp.removed'));
        onClose();
      },
      onError: (error) => showOnField(form.setError, error, fieldErrors),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FailureAlert
          error={isFieldError(mutation.error, fieldErrors) ? null : mutation.error}
          title={t('account.totp.removeFailed')}
        />
        <Text size="sm">{t(needsPassword ? 'account.totp.removeLastText' : 'account.totp.removeText')}</Text>
        <CodeField label={t('account.totp.codeLabel')} maxLength={6} {...form.field('code')} data-autofocus />
        {needsPassword && (
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            {...form.field('password')}
            required
          />
        )}
        <FormActions
          submitLabel={t('account.totp.removeSubmit')}
          isPending={mutation.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
