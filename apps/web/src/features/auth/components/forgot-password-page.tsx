import { forgetPasswordRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthHeading } from './auth-heading.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useRequestPasswordReset();
  const form = useZodForm(forgetPasswordRequestSchema, { email: '' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        navigate(`/auth/reset-password?${new URLSearchParams({ email: values.email })}`);
      },
    }),
  );

  return (
    <>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
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
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('auth.forgot.submit')}
          </Button>
          <Anchor component={Link} to="/auth/login" size="sm" ta="center">
            {t('auth.forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
