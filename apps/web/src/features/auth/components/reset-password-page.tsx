import { resetPasswordRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { AuthHeading } from './auth-heading.tsx';

/** The code sent by e-mail plus a new password and its confirmation (spec §2). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mutation = useResetPassword();
  const form = useZodForm(resetPasswordRequestSchema, {
    email: params.get('email') ?? '',
    code: params.get('code') ?? '',
    newPassword: '',
    confirmPassword: '',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        navigate('/auth/login', { replace: true });
      },
    }),
  );

  return (
    <>
      <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormErrorAlert error={mutation.error} />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={form.errorText(errors.email)}
            required
          />
          <TextInput
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.register('code')}
            error={form.errorText(errors.code)}
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
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('auth.reset.submit')}
          </Button>
          <Anchor component={Link} to="/auth/login" size="sm" ta="center">
            {t('auth.forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
