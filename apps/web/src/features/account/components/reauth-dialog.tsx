import {
  type ReauthCodeRequest,
  type ReauthMethod,
  type ReauthPasswordRequest,
  type ReauthTotpRequest,
  reauthCodeRequestSchema,
  reauthPasswordRequestSchema,
  reauthTotpRequestSchema,
} from '@cotacep/shared/account-schemas';
import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '#web/components/form/code-field.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PasswordField } from '#web/components/form/password-field.tsx';
import { ResendCodeButton } from '#web/components/form/resend-code-button.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { reauthenticate, sendReauthCode } from '../api/reauthenticate.ts';

type ReauthDialogProps = {
  /** The ways the server offered; null while nothing waits for a re-authentication. */
  methods: ReauthMethod[] | null;
  onConfirmed: () => void;
  onCancel: () => void;
};

/**
 * "Confirm it's you": the password, a code sent to the second factor (or by e-mail without a password), or
 * the authenticator app's code, before a sensitive change is sent again. Above any other dialog (the e-mail
 * one included).
 */
export function ReauthDialog({ methods, onConfirmed, onCancel }: ReauthDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={methods !== null}
      onClose={onCancel}
      title={t('account.reauth.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      zIndex={400}
      centered
    >
      {/* React bubbles a submit through portals: keep this dialog's submits out of the page's forms. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        {methods && <ReauthSteps methods={methods} onConfirmed={onConfirmed} onCancel={onCancel} />}
      </div>
    </Modal>
  );
}

const SWITCH_LABELS = {
  password: 'account.reauth.usePassword',
  totp: 'account.reauth.useTotp',
  code: 'account.reauth.useCode',
} as const;

/** The password first, then the authenticator app (no message to wait for), then a code sent. */
const firstOf = (methods: ReauthMethod[]): ReauthMethod =>
  (['password', 'totp', 'code'] as const).find((method) => methods.includes(method)) ?? 'password';

function ReauthSteps({ methods, onConfirmed, onCancel }: ReauthDialogProps & { methods: ReauthMethod[] }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ReauthMethod>(firstOf(methods));
  const steps = { password: PasswordStep, totp: TotpStep, code: CodeStep };
  const Step = steps[mode];
  return (
    <Stack>
      <Step onConfirmed={onConfirmed} onCancel={onCancel} />
      {methods
        .filter((method) => method !== mode)
        .map((method) => (
          <Anchor key={method} component="button" type="button" size="sm" onClick={() => setMode(method)}>
            {t(SWITCH_LABELS[method])}
          </Anchor>
        ))}
    </Stack>
  );
}

type StepProps = { onConfirmed: () => void; onCancel: () => void };

const PASSWORD_ERRORS: FieldErrorCodes<ReauthPasswordRequest> = { ReauthenticationFailed: 'password' };
const CODE_ERRORS: FieldErrorCodes<ReauthCodeRequest> = { ReauthenticationFailed: 'code' };
const TOTP_ERRORS: FieldErrorCodes<ReauthTotpRequest> = {
  ReauthenticationFailed: 'totp',
  CodeMismatch: 'totp',
};

function PasswordStep({ onConfirmed, onCancel }: StepProps) {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: reauthenticate });
  const form = useZodForm(reauthPasswordRequestSchema, { password: '' });
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onConfirmed,
      onError: (error) => showOnField(form.setError, error, PASSWORD_ERRORS),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('account.reauth.passwordIntro')}</Text>
        <FormErrorAlert error={isFieldError(mutation.error, PASSWORD_ERRORS) ? null : mutation.error} />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          {...form.field('password')}
          required
          data-autofocus
        />
        <FormActions
          submitLabel={t('account.reauth.confirm')}
          isPending={mutation.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function TotpStep({ onConfirmed, onCancel }: StepProps) {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: reauthenticate });
  const form = useZodForm(reauthTotpRequestSchema, { totp: '' });
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onConfirmed,
      onError: (error) => showOnField(form.setError, error, TOTP_ERRORS),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('account.reauth.totpIntro')}</Text>
        <FormErrorAlert error={isFieldError(mutation.error, TOTP_ERRORS) ? null : mutation.error} />
        <CodeField label={t('account.totp.codeLabel')} maxLength={6} {...form.field('totp')} data-autofocus />
        <FormActions
          submitLabel={t('account.reauth.confirm')}
          isPending={mutation.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function CodeStep({ onConfirmed, onCancel }: StepProps) {
  const { t } = useTranslation();
  const [delivery, setDelivery] = useState<CodeDelivery | null>(null);
  const send = useMutation({ mutationFn: sendReauthCode, onSuccess: (sent) => setDelivery(sent.delivery) });
  const confirm = useMutation({ mutationFn: reauthenticate });
  const form = useZodForm(reauthCodeRequestSchema, { code: '' });
  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: onConfirmed,
      onError: (error) => showOnField(form.setError, error, CODE_ERRORS),
    }),
  );

  if (!delivery) {
    return (
      <Stack>
        <Text size="sm">{t('account.reauth.codeIntro')}</Text>
        <FormErrorAlert error={send.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => send.mutate()} loading={send.isPending} data-autofocus>
            {t('account.reauth.sendCode')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm" role="status">
          {t(`account.reauth.sentTo.${delivery.method}`, { destination: delivery.destination })}
        </Text>
        <FormErrorAlert
          error={(isFieldError(confirm.error, CODE_ERRORS) ? null : confirm.error) ?? send.error}
        />
        <CodeField maxLength={6} {...form.field('code')} data-autofocus />
        <ResendCodeButton
          initialSeconds={delivery.resendAfter}
          isPending={send.isPending}
          onResend={async () => (await send.mutateAsync()).delivery.resendAfter}
        />
        <FormActions
          submitLabel={t('account.reauth.confirm')}
          isPending={confirm.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
