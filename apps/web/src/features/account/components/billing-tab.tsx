import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useSession } from '../../../lib/session/session-store.ts';
import { useOpenBillingPortal } from '../api/billing-portal.ts';
import { SettingsSection } from './settings-section.tsx';

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** Billing summary (spec §2): current plan, current period, next payment, Manage subscription, Upgrade. */
export function BillingTab() {
  const { t } = useTranslation();
  const { user } = useSession();
  const portal = useOpenBillingPortal();
  const plan = typeof user?.plan === 'string' ? user.plan : 'free';
  const isFree = plan === 'free';

  return (
    <SettingsSection title={t('account.billing.title')} description={t('account.billing.description')}>
      <Stack>
        <FormErrorAlert error={portal.error} />
        <Group gap="xs">
          <Text fw={700}>{t('account.billing.currentPlan')}</Text>
          <Badge size="lg" variant="light">
            {t(`plans.${plan}`, { defaultValue: plan })}
          </Badge>
        </Group>
        {isFree && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SummaryItem label={t('account.billing.currentPeriod')} value={t('account.billing.noPeriod')} />
            <SummaryItem label={t('account.billing.nextPayment')} value={t('account.billing.noPayment')} />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          {!isFree && (
            <Button variant="default" onClick={() => portal.mutate()} loading={portal.isPending}>
              {t('account.billing.manage')}
            </Button>
          )}
          <Button onClick={() => portal.mutate()} loading={portal.isPending}>
            {t('account.billing.upgrade')}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
