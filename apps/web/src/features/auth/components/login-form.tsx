import { CAPTCHA_ACTIONS, type LoginResponse } from '@cotacep/shared/auth-responses';
import { loginRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCaptcha } from '#web/components/captcha/use-captcha.tsx';
import { EmailField } from '#web/components/form/email-field.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PasswordField } from '#web/components/form/password-field.tsx';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { useLogin } from '../api/login.ts';
import { withRedirect } from '../lib/redirect-target.ts';
import { UnconfirmedNotice } from './unconfirmed-notice.tsx';

type LoginFormProps = {
  target: string;
  defaultEmail?: string;
  onLogin: (answer: LoginResponse) => void;
  /** A social sign-in being redeemed on this page. */
  isBusy?: boolean;
  /** Each submit: the page drops an earlier step's success notice, which must not sit beside an error. */
  onAttempt?: () => void;
};

export function LoginForm({ target, defaultEmail = '', onLogin, isBusy = false, onAttempt }: LoginFormProps) {
  const { t } = useTranslation();
  const mutation = useLogin();
  const captcha = useCaptcha(CAPTCHA_ACTIONS.login);
  const form = useZodForm(loginRequestSchema, { email: defaultEmail, password: '' });

  // Back from confirming or resetting, the e-mail is known: the password is what is left to type.
  useEffect(() => {
    if (defaultEmail) form.setFocus('password');
  }, [defaultEmail, form.setFocus]);

  const onSubmit = form.handleSubmit((values) => {
    onAttempt?.();
    return captcha.withToken((captchaToken) =>
      mutation.mutate({ ...values, captchaToken }, { onSuccess: onLogin, onError: captcha.reset }),
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert error={mutation.error} />
        {getErrorCode(mutation.error) === 'UserNotConfirmed' && (
          <UnconfirmedNotice email={mutation.variables?.email ?? ''} target={target} />
        )}
        <EmailField {...form.field('email')} />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          {...form.field('password')}
          required
        />
        <Group justify="flex-end">
          <Anchor
            component={Link}
            to={withRedirect('/auth/forget-password', target, { email: form.watch('email') })}
            size="sm"
          >
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        {captcha.field}
        <Button type="submit" loading={captcha.isVerifying || mutation.isPending || isBusy} fullWidth>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
