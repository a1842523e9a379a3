import { CAPTCHA_ACTIONS } from '@cotacep/shared/auth-responses';
import { forgetPasswordRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCaptcha } from '#web/components/captcha/use-captcha.tsx';
import { EmailField } from '#web/components/form/email-field.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { withRedirect } from '../lib/redirect-target.ts';
import { useRedirectTarget } from '../lib/use-redirect-target.ts';
import { AuthHeading } from './auth-heading.tsx';

const isLimitRefusal = (error: unknown) => {
  const code = getErrorCode(error);
  return code === 'TooManyRequests' || code === 'CodeDeliveryLimitExceeded';
};

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const [params] = useSearchParams();
  const mutation = useRequestPasswordReset();
  const captcha = useCaptcha(CAPTCHA_ACTIONS.forgetPassword);
  const form = useZodForm(forgetPasswordRequestSchema, { email: params.get('email') ?? '' });

  const onSubmit = form.handleSubmit((values) =>
    captcha.withToken((captchaToken) =>
      mutation.mutate(
        { ...values, captchaToken },
        {
          onSuccess: ({ message }) =>
            navigate(withRedirect('/auth/reset-password', target, { email: values.email }), {
              state: { notice: message },
            }),
          onError: captcha.reset,
        },
      ),
    ),
  );

  return (
    <>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormErrorAlert error={mutation.error} />
          {/* A limit's refusal (it says how long to wait) still lets the code already sent be typed. */}
          {isLimitRefusal(mutation.error) && (
            <Anchor
              component={Link}
              to={withRedirect('/auth/reset-password', target, { email: form.watch('email') })}
              size="sm"
            >
              {t('auth.forgot.haveCode')}
            </Anchor>
          )}
          <EmailField {...form.field('email')} />
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
