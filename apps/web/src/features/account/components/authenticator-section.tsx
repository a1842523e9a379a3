import type { SecondFactors, TotpEnrolment } from '@cotacep/shared/second-factor-schemas';
import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useStartTotp } from '../api/start-totp.ts';
import { FactorStatus } from './factor-status.tsx';
import { TotpEnrolDialog } from './totp-enrol-dialog.tsx';
import { TotpRemoveDialog } from './totp-remove-dialog.tsx';

type AuthenticatorSectionProps = {
  factors: SecondFactors;
  hasPassword: boolean;
  onRecoveryCodes: (codes: string[]) => void;
};

/** The authenticator app (TOTP): on or not, set it up with a QR code, remove it. */
export function AuthenticatorSection({ factors, hasPassword, onRecoveryCodes }: AuthenticatorSectionProps) {
  const { t } = useTranslation();
  const start = useStartTotp();
  // Kept apart from the mutation: starting again keeps the dialog open on the old key until the new one is in.
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [isRemoving, removing] = useDisclosure(false);
  const { totp } = factors;
  const onStart = () => start.mutate(undefined, { onSuccess: setEnrolment });
  const onClose = () => {
    setEnrolment(null);
    start.reset();
  };
  const onEnabled = (recoveryCodes: string[] | null) => {
    onClose();
    notifySuccess(t('account.totp.enabled'));
    if (recoveryCodes) onRecoveryCodes(recoveryCodes);
  };

  return (
    <SettingsSection
      id="security-totp"
      title={t('account.totp.title')}
      description={t('account.totp.description')}
    >
      <Stack gap="sm">
        <FormErrorAlert error={enrolment ? null : start.error} />
        <Group justify="space-between" gap="sm">
          <FactorStatus
            isOn={totp.enabled}
            offLabel={t('account.totp.notSetUp')}
            createdAt={totp.createdAt}
            lastUsedAt={totp.lastUsedAt}
          />
          {totp.enabled ? (
            <Button size="xs" variant="light" color="red" onClick={removing.open}>
              {t('account.totp.remove')}
            </Button>
          ) : (
            <Button size="xs" onClick={onStart} loading={start.isPending && !enrolment}>
              {t('account.totp.setUp')}
            </Button>
          )}
        </Group>
      </Stack>
      <TotpEnrolDialog
        enrolment={enrolment}
        isRestarting={start.isPending}
        onRestart={onStart}
        onClose={onClose}
        onEnabled={onEnabled}
      />
      <TotpRemoveDialog
        opened={isRemoving}
        // Without a password the recent re-authentication is all the server asks.
        needsPassword={hasPassword && factors.passkeys.length === 0}
        onClose={removing.close}
      />
    </SettingsSection>
  );
}
