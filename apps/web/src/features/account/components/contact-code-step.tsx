import { type VerifyCodeRequest, verifyCodeRequestSchema } from '@cotacep/shared/account-schemas';
import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeField } from '#web/components/form/code-field.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { ResendCodeButton } from '#web/components/form/resend-code-button.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { type ContactKind, useRequestContactChange, useVerifyContactChange } from '../api/change-contact.ts';

const FIELD_ERRORS: FieldErrorCodes<VerifyCodeRequest> = { CodeMismatch: 'code', ExpiredCode: 'code' };

type ContactCodeStepProps = {
  kind: ContactKind;
  value: string;
  /** "Please verify your email" / "Please verify your phone number", as the server said it. */
  prompt: string;
  delivery?: CodeDelivery;
  onVerified: () => void;
  onChangeValue: () => void;
};

/** The code sent to the new e-mail or phone; the change takes effect once it matches. */
export function ContactCodeStep({
  kind,
  value,
  prompt,
  delivery,
  onVerified,
  onChangeValue,
}: ContactCodeStepProps) {
  const { t } = useTranslation();
  const verify = useVerifyContactChange(kind);
  const resend = useRequestContactChange(kind);
  const form = useZodForm(verifyCodeRequestSchema, { code: '' });

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: onVerified,
      onError: (error) => showOnField(form.setError, error, FIELD_ERRORS),
    }),
  );

  const onResend = async () => {
    verify.reset();
    const sent = await resend.mutateAsync(kind === 'email' ? { email: value } : { phone: value });
    return sent.delivery.resendAfter;
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Alert color="yellow" variant="light" role="status" title={prompt}>
          {t(`account.contact.${kind}.sentTo`, { destination: delivery?.destination ?? value })}
        </Alert>
        <FormErrorAlert
          error={(isFieldError(verify.error, FIELD_ERRORS) ? null : verify.error) ?? resend.error}
        />
        <CodeField maxLength={6} {...form.field('code')} data-autofocus />
        <ResendCodeButton
          initialSeconds={delivery?.resendAfter}
          isPending={resend.isPending}
          onResend={onResend}
        />
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onChangeValue}>
            {t(`account.contact.${kind}.other`)}
          </Anchor>
          <Button type="submit" loading={verify.isPending}>
            {t('account.contact.verify')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
