import { changePasswordRequestSchema } from '@cotacep/shared/account-schemas';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { useChangePassword } from '../api/change-password.ts';
import { SettingsSection } from './settings-section.tsx';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const form = useZodForm(changePasswordRequestSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        form.reset();
      },
    }),
  );

  return (
    <SettingsSection
      title={t('account.security.passwordTitle')}
      description={t('account.security.passwordText')}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormErrorAlert error={mutation.error} />
          <PasswordInput
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            {...form.register('currentPassword')}
            error={form.errorText(errors.currentPassword)}
            required
          />
          <PasswordInput
            label={t('fields.newPassword')}
            description={t('fields.passwordHint')}
            autoComplete="new-password"
            {...form.register('newPassword')}
            error={form.errorText(errors.newPassword)}
            required
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={form.errorText(errors.confirmPassword)}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t('account.security.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
