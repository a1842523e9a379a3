import { CAPTCHA_ACTIONS } from '@cotacep/shared/auth-responses';
import { forgetPasswordRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCaptcha } from '../../../components/captcha/use-captcha.tsx';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { withRedirect } from '../lib/redirect-target.ts';
import { useRedirectTarget } from '../lib/use-redirect-target.ts';
import { AuthHeading } from './auth-heading.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const [params] = useSearchParams();
  const mutation = useRequestPasswordReset();
  const captcha = useCaptcha(CAPTCHA_ACTIONS.forgetPassword);
  const form = useZodForm(forgetPasswordRequestSchema, { email: params.get('email') ?? '' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const captchaToken = await captcha.getToken();
    if (captchaToken === null) return;
    mutation.mutate(
      { ...values, captchaToken },
      {
        onSuccess: ({ message }) =>
          navigate(withRedirect('/auth/reset-password', target, { email: values.email }), {
            state: { notice: message },
          }),
        onError: captcha.reset,
      },
    );
  });

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
          {captcha.field}
          <Button type="submit" loading={captcha.isVerifying || mutation.isPending} fullWidth>
            {t('auth.forgot.submit')}
          </Button>
          <Anchor component={Link} to={withRedirect('/auth/login', target)} size="sm" ta="center">
            {t('auth.forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
