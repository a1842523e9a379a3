import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { signupConfirmRequestSchema } from '@cotacep/shared/auth-schemas';
import { Button, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { useConfirmSignup, useResendSignupCode } from '../api/signup-confirm.ts';
import { ResendCodeButton } from './resend-code-button.tsx';

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
  const confirm = useConfirmSignup();
  const resend = useResendSignupCode();
  const form = useZodForm(signupConfirmRequestSchema, { email, code });
  const { errors } = form.formState;
  const hasAutoSubmitted = useRef(false);

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        navigate('/auth/login', { replace: true });
      },
    }),
  );

  useEffect(() => {
    if (!shouldSubmitAtOnce || hasAutoSubmitted.current) return;
    hasAutoSubmitted.current = true;
    void onSubmit();
  }, [shouldSubmitAtOnce, onSubmit]);

  const onResend = (restart: (seconds: number) => void) => {
    const current = form.getValues('email');
    void form.trigger('email').then((isValid) => {
      if (!isValid) return;
      resend.mutate(
        { email: current },
        {
          onSuccess: (sent) => {
            notifySuccess(sent.message);
            restart(sent.delivery.resendAfter);
          },
        },
      );
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert error={confirm.error ?? resend.error} />
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
      </Stack>
    </form>
  );
}
