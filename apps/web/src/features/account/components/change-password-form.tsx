import { type ChangePasswordRequest, changePasswordRequestSchema } from '@cotacep/shared/account-schemas';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { NewPasswordFields } from '#web/components/form/new-password-fields.tsx';
import { PasswordField } from '#web/components/form/password-field.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { useAccount } from '../api/get-account.ts';
import { NoPasswordNote } from './no-password-note.tsx';

// A wrong current password answers "Incorrect e-mail or password.", which is about that field.
const FIELD_ERRORS: FieldErrorCodes<ChangePasswordRequest> = {
  NotAuthorized: 'currentPassword',
  InvalidPassword: 'newPassword',
  PasswordTooCommon: 'newPassword',
};

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const account = useAccount();
  const mutation = useChangePassword();
  const form = useZodForm(changePasswordRequestSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        form.reset();
      },
      onError: (error) => showOnField(form.setError, error, FIELD_ERRORS),
    }),
  );

  return (
    <SettingsSection
      title={t('account.security.passwordTitle')}
      description={t('account.security.passwordText')}
    >
      {account.data?.hasPassword === false ? (
        <NoPasswordNote email={account.data.email} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <FormErrorAlert error={isFieldError(mutation.error, FIELD_ERRORS) ? null : mutation.error} />
            <PasswordField
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              {...form.field('currentPassword')}
              required
            />
            <NewPasswordFields
              passwordLabelKey="fields.newPassword"
              password={form.field('newPassword')}
              confirmation={form.field('confirmPassword')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending}>
                {t('account.security.changePassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SettingsSection>
  );
}
