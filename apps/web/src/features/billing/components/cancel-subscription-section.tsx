import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useManageTestSubscription } from '../api/manage-test-subscription.ts';
import { formatDate } from '../lib/format-date.ts';

type Subscription = NonNullable<BillingSummary['subscription']>;

/** Cancel at the period's end (confirmed in a dialog), or resume a cancelled subscription before it ends. */
export function CancelSubscriptionSection({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const [isConfirming, confirm] = useDisclosure(false);
  const endDate = formatDate(subscription.cancelAt ?? subscription.currentPeriodEnd, i18n.language);
  const manage = useManageTestSubscription({
    onSuccess: (_summary, { action }) => {
      confirm.close();
      notifySuccess(
        action === 'cancel' ? t('billing.manage.cancelled', { date: endDate }) : t('billing.manage.resumed'),
      );
    },
  });
  const onCancel = () => manage.mutate({ action: 'cancel' });
  const onResume = () => manage.mutate({ action: 'resume' });

  if (subscription.cancelAt)
    return (
      <SettingsSection title={t('billing.manage.resumeTitle')}>
        <Stack>
          <FormErrorAlert error={manage.error} />
          <Text size="sm">{t('billing.manage.endsOn', { date: endDate })}</Text>
          <Group justify="flex-end">
            <Button onClick={onResume} loading={manage.isPending}>
              {t('billing.manage.resume')}
            </Button>
          </Group>
        </Stack>
      </SettingsSection>
    );

  return (
    <SettingsSection title={t('billing.manage.cancelTitle')} description={t('billing.manage.cancelText')}>
      <Group justify="flex-end">
        <Button color="red" variant="outline" onClick={confirm.open}>
          {t('billing.manage.cancel')}
        </Button>
      </Group>
      <Modal
        opened={isConfirming}
        onClose={confirm.close}
        title={t('billing.manage.cancelConfirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        <Stack>
          <FormErrorAlert error={manage.error} />
          <Text size="sm">{t('billing.manage.cancelConfirmText', { date: endDate })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('billing.manage.keep')}
            </Button>
            <Button color="red" onClick={onCancel} loading={manage.isPending}>
              {t('billing.manage.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
