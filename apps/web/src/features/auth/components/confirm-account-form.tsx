import type { CodeDelivery, SignupConfirmResponse } from '@cotacep/shared/auth-responses';
import { type SignupConfirmRequest, signupConfirmRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeField } from '#web/components/form/code-field.tsx';
import { EmailField } from '#web/components/form/email-field.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { ResendCodeButton } from '#web/components/form/resend-code-button.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { setSession } from '#web/lib/session/session-store.ts';
import { useConfirmSignup, useResendSignupCode } from '../api/signup-confirm.ts';
import { withRedirect } from '../lib/redirect-target.ts';
import { useBackToLogin } from '../lib/use-back-to-login.ts';
import { useRedirectTarget } from '../lib/use-redirect-target.ts';

const FIELD_ERRORS: FieldErrorCodes<SignupConfirmRequest> = { CodeMismatch: 'code', ExpiredCode: 'code' };

type ConfirmAccountFormProps = {
  email: string;
  code: string;
  delivery?: CodeDelivery;
  /** The e-mailed link carries both e-mail and code: confirm without waiting for a click. */
  shouldSubmitAtOnce?: boolean;
};

export function ConfirmAccountForm({
  email,
  code,
  delivery,
  shouldSubmitAtOnce = false,
}: ConfirmAccountFormProps) {
  const { t } = useTranslation();
  const target = useRedirectTarget();
  const backToLogin = useBackToLogin();
  const navigate = useNavigate();
  const confirm = useConfirmSignup();
  const resend = useResendSignupCode();
  const form = useZodForm(signupConfirmRequestSchema, { email, code });
  const hasAutoSubmitted = useRef(false);

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: (answer: SignupConfirmResponse) => {
        // Issue 23: in the browser that signed up, the code signs in, with the login's MFA rule.
        if ('challenge' in answer) {
          navigate('/auth/login/challenge', { state: { challenge: answer.challenge, from: target } });
        } else if ('accessToken' in answer) {
          const { message: _message, ...session } = answer;
          setSession(session);
          notifySuccess(t('auth.confirm.signedIn'));
          navigate(target, { replace: true });
        } else {
          // Elsewhere: "Account confirmed successfully, you can now login", with the e-mail filled in.
          backToLogin({ notice: answer.message, email: values.email });
        }
      },
      onError: (error) => showOnField(form.setError, error, FIELD_ERRORS),
    }),
  );

  useEffect(() => {
    if (!shouldSubmitAtOnce || hasAutoSubmitted.current) return;
    hasAutoSubmitted.current = true;
    void onSubmit();
  }, [shouldSubmitAtOnce, onSubmit]);

  const onResend = async () => {
    if (!(await form.trigger('email'))) throw new Error('invalid e-mail');
    confirm.reset();
    const sent = await resend.mutateAsync({ email: form.getValues('email') });
    notifySuccess(sent.message);
    return sent.delivery.resendAfter;
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert
          error={(isFieldError(confirm.error, FIELD_ERRORS) ? null : confirm.error) ?? resend.error}
        />
        <EmailField {...form.field('email')} />
        <CodeField {...form.field('code')} />
        <Button type="submit" loading={confirm.isPending} fullWidth>
          {t('auth.confirm.submit')}
        </Button>
        <ResendCodeButton
          initialSeconds={delivery?.resendAfter}
          isPending={resend.isPending}
          onResend={onResend}
        />
        <Anchor component={Link} to={withRedirect('/auth/login', target)} size="sm" ta="center">
          {t('auth.forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
