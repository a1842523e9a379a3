import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { type SignupConfirmRequest, signupConfirmRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { ResendCodeButton } from '../../../components/form/resend-code-button.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '../../../components/form/server-errors.ts';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { useConfirmSignup, useResendSignupCode } from '../api/signup-confirm.ts';
import { withRedirect } from '../lib/redirect-target.ts';
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
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const confirm = useConfirmSignup();
  const resend = useResendSignupCode();
  const form = useZodForm(signupConfirmRequestSchema, { email, code });
  const { errors } = form.formState;
  const hasAutoSubmitted = useRef(false);

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      // The login page shows "Account confirmed successfully, you can now login" with the e-mail filled in.
      onSuccess: ({ message }) =>
        navigate(withRedirect('/auth/login', target), {
          replace: true,
          state: { notice: message, email: values.email },
        }),
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
