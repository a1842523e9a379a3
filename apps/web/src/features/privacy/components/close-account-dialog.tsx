import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { type ClosureOptions, closeAccountRequestSchema } from '@cotacep/shared/privacy-schemas';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { CodeField } from '#web/components/form/code-field.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PasswordField } from '#web/components/form/password-field.tsx';
import { ResendCodeButton } from '#web/components/form/resend-code-button.tsx';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { useCloseAccount } from '../api/close-account.ts';
import { useClosureOptions } from '../api/get-closure-options.ts';
import { useSendClosureCode } from '../api/send-closure-code.ts';
import { accountClosedPath, CLOSED_STATE } from '../lib/paths.ts';
import { useFormatLongDate } from '../lib/use-format-date-time.ts';
import { ClosureBlockers } from './closure-blockers.tsx';

type CloseAccountDialogProps = { opened: boolean; onClose: () => void };

/**
 * "Close my account": first what stands in the way (the organizations to hand over), else the password and
 * the current factor (the authenticator app's code, or one sent by e-mail). Closed, the person is signed out
 * to the page that says when the data goes and how to cancel.
 */
export function CloseAccountDialog({ opened, onClose }: CloseAccountDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} title={t('privacy.close.dialogTitle')} onClose={onClose}>
      {opened && <CloseAccountSteps onClose={onClose} />}
    </AppDialog>
  );
}

function CloseAccountSteps({ onClose }: { onClose: () => void }) {
  const options = useClosureOptions();
  const [delivery, setDelivery] = useState<CodeDelivery | null>(null);
  if (options.isPending) return <Skeleton h={120} radius="md" />;
  if (options.isError) return <FormErrorAlert error={options.error} />;
  if (options.data.blockers.length > 0) return <ClosureBlockers blockers={options.data.blockers} />;
  if (options.data.factor === 'email' && !delivery)
    return <SendCodeStep options={options.data} onSent={setDelivery} onClose={onClose} />;
  return <ConfirmStep options={options.data} delivery={delivery} onSent={setDelivery} onClose={onClose} />;
}

/** When the data goes if the person does not come back: the grace period from now. */
function useClosureDate(options: ClosureOptions): string {
  const formatLongDate = useFormatLongDate();
  return formatLongDate(new Date(Date.now() + options.graceDays * 86_400_000).toISOString());
}

type StepProps = { options: ClosureOptions; onClose: () => void; onSent: (delivery: CodeDelivery) => void };

function SendCodeStep({ options, onSent, onClose }: StepProps) {
  const { t } = useTranslation();
  const send = useSendClosureCode();
  return (
    <Stack>
      <Text size="sm">{t('privacy.close.intro', { date: useClosureDate(options) })}</Text>
      <Text size="sm">{t('privacy.close.codeIntro')}</Text>
      <FailureAlert error={send.error} title={t('privacy.close.codeFailed')} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button
          onClick={() => send.mutate(undefined, { onSuccess: (sent) => onSent(sent.delivery) })}
          loading={send.isPending}
          data-autofocus
        >
          {t('privacy.close.sendCode')}
        </Button>
      </Group>
    </Stack>
  );
}

function ConfirmStep({ options, delivery, onSent, onClose }: StepProps & { delivery: CodeDelivery | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const close = useCloseAccount();
  const send = useSendClosureCode();
  const form = useZodForm(closeAccountRequestSchema, {
    password: options.hasPassword ? '' : undefined,
    code: '',
  });
  const onSubmit = form.handleSubmit((values) =>
    close.mutate(values, {
      onSuccess: async ({ anonymiseAfter }) => {
        // The server ended every session: nothing more is asked with it, and the public page forgets it here
        // once it shows (earlier, the protected area would send the person to the login instead).
        await queryClient.cancelQueries();
        navigate(accountClosedPath(anonymiseAfter), { replace: true, state: CLOSED_STATE });
      },
      onError: (error) => {
        // Someone joined, or a subscription started, meanwhile: the dialog shows the reasons instead.
        if (getErrorCode(error) === 'AccountClosureBlocked')
          void queryClient.invalidateQueries({ queryKey: ['privacy', 'closure'] });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('privacy.close.intro', { date: useClosureDate(options) })}</Text>
        {delivery && (
          <Text size="sm" role="status">
            {t('privacy.close.codeSent', { destination: delivery.destination })}
          </Text>
        )}
        <FailureAlert error={close.error ?? send.error} title={t('privacy.close.failed')} />
        {options.hasPassword && (
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            {...form.field('password')}
            required
            data-autofocus
          />
        )}
        <CodeField
          label={t(options.factor === 'totp' ? 'privacy.close.totpLabel' : 'privacy.close.emailCodeLabel')}
          maxLength={6}
          {...form.field('code')}
          {...(!options.hasPassword && { 'data-autofocus': true })}
        />
        {delivery && (
          <ResendCodeButton
            initialSeconds={delivery.resendAfter}
            isPending={send.isPending}
            onResend={async () => {
              const sent = await send.mutateAsync();
              onSent(sent.delivery);
              return sent.delivery.resendAfter;
            }}
          />
        )}
        <FormActions
          submitLabel={t('privacy.close.submit')}
          color="red"
          isPending={close.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
