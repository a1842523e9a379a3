import { RECOVERY_CODE_COUNT, type SecondFactors } from '@cotacep/shared/second-factor-schemas';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '#web/components/dialog/confirm-delete-dialog.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useCreateRecoveryCodes } from '../api/create-recovery-codes.ts';
import { useFormatDate } from '../lib/use-format-date.ts';

// Below this many unused codes, the section suggests a new set.
const LOW_REMAINING = 3;

type RecoveryCodesSectionProps = {
  factors: SecondFactors;
  onRecoveryCodes: (codes: string[]) => void;
};

/** How many recovery codes are left, and a new set (which ends the old one) after a confirmation. */
export function RecoveryCodesSection({ factors, onRecoveryCodes }: RecoveryCodesSectionProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const mutation = useCreateRecoveryCodes();
  const [isConfirming, confirming] = useDisclosure(false);
  const { recoveryCodes } = factors;
  const onClose = () => {
    mutation.reset();
    confirming.close();
  };
  const onRegenerate = () =>
    mutation.mutate(undefined, {
      onSuccess: ({ codes }) => {
        onClose();
        onRecoveryCodes(codes);
      },
    });

  return (
    <SettingsSection
      id="security-recovery-codes"
      title={t('account.recoveryCodes.title')}
      description={t('account.recoveryCodes.description')}
    >
      {factors.hasStrongFactor ? (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('account.recoveryCodes.remaining', {
                  count: recoveryCodes.remaining,
                  total: RECOVERY_CODE_COUNT,
                })}
              </Text>
              {recoveryCodes.generatedAt && (
                <Text size="xs" c="dimmed">
                  {t('account.recoveryCodes.generated', { date: formatDate(recoveryCodes.generatedAt) })}
                  {recoveryCodes.lastUsedAt &&
                    `, ${t('account.security.factorLastUsed', { date: formatDate(recoveryCodes.lastUsedAt) })}`}
                </Text>
              )}
            </Stack>
            <Button size="xs" variant="default" onClick={confirming.open}>
              {t('account.recoveryCodes.regenerate')}
            </Button>
          </Group>
          {recoveryCodes.remaining <= LOW_REMAINING && (
            <Alert color="yellow" variant="light">
              {t('account.recoveryCodes.low')}
            </Alert>
          )}
        </Stack>
      ) : (
        <Text size="sm">{t('account.recoveryCodes.needsStrongFactor')}</Text>
      )}
      <ConfirmDeleteDialog
        opened={isConfirming}
        title={t('account.recoveryCodes.regenerateTitle')}
        failureTitle={t('account.recoveryCodes.regenerateFailed')}
        error={mutation.error}
        isPending={mutation.isPending}
        deleteLabel={t('account.recoveryCodes.regenerate')}
        onClose={onClose}
        onDelete={onRegenerate}
      >
        <Text size="sm">{t('account.recoveryCodes.regenerateText')}</Text>
      </ConfirmDeleteDialog>
    </SettingsSection>
  );
}
