import {
  type TotpCodeRequest,
  type TotpEnrolment,
  totpCodeRequestSchema,
} from '@cotacep/shared/second-factor-schemas';
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { CodeField } from '#web/components/form/code-field.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import {
  type FieldErrorCodes,
  getErrorCode,
  isFieldError,
  showOnField,
} from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { QrCode } from '#web/components/qr-code.tsx';
import { useVerifyTotp } from '../api/verify-totp.ts';

const FIELD_ERRORS: FieldErrorCodes<TotpCodeRequest> = { CodeMismatch: 'code' };

type TotpEnrolDialogProps = {
  /** The key the server made; null while no setup is under way. */
  enrolment: TotpEnrolment | null;
  isRestarting: boolean;
  onRestart: () => void;
  onClose: () => void;
  /** On: the recovery codes when this was the first authenticator app or passkey. */
  onEnabled: (recoveryCodes: string[] | null) => void;
};

/** Scan the QR code (or type the setup code), then prove it with the app's code: only then is it on. */
export function TotpEnrolDialog({
  enrolment,
  isRestarting,
  onRestart,
  onClose,
  onEnabled,
}: TotpEnrolDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={enrolment !== null} title={t('account.totp.enrolTitle')} onClose={onClose}>
      {enrolment && (
        <EnrolSteps
          // A restarted setup is a new key: the code typed for the old one goes.
          key={enrolment.secret}
          enrolment={enrolment}
          isRestarting={isRestarting}
          onRestart={onRestart}
          onClose={onClose}
          onEnabled={onEnabled}
        />
      )}
    </AppDialog>
  );
}

/** The base32 key in groups of four, as authenticator apps show and accept it. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function EnrolSteps({
  enrolment,
  isRestarting,
  onRestart,
  onClose,
  onEnabled,
}: TotpEnrolDialogProps & { enrolment: TotpEnrolment }) {
  const { t } = useTranslation();
  const verify = useVerifyTotp();
  const form = useZodForm(totpCodeRequestSchema, { code: '' });
  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => showOnField(form.setError, error, FIELD_ERRORS),
    }),
  );
  // Too many wrong codes end the setup: only a new key can be proved now.
  const hasEnded = getErrorCode(verify.error) === 'TotpNotEnrolled';

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('account.totp.scan')}</Text>
        <Group justify="center">
          <QrCode value={enrolment.otpauthUrl} label={t('account.totp.qrLabel')} />
        </Group>
        <Stack gap={4}>
          <Text size="sm">{t('account.totp.manual')}</Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code fz="sm" style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid="totp-setup-code">
              {groupSecret(enrolment.secret)}
            </Code>
            <CopyButton value={enrolment.secret}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={copy}
                  aria-label={copied ? t('actions.copied') : t('account.totp.copySetupCode')}
                >
                  {copied ? t('actions.copied') : t('actions.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <Text size="sm">{t('account.totp.enterCode')}</Text>
        <FormErrorAlert error={isFieldError(verify.error, FIELD_ERRORS) ? null : verify.error} />
        {hasEnded ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={onRestart} loading={isRestarting}>
              {t('account.totp.restart')}
            </Button>
          </Group>
        ) : (
          <>
            <CodeField
              label={t('account.totp.codeLabel')}
              maxLength={6}
              {...form.field('code')}
              data-autofocus
            />
            <FormActions
              submitLabel={t('account.totp.submit')}
              isPending={verify.isPending}
              onCancel={onClose}
            />
          </>
        )}
      </Stack>
    </form>
  );
}
