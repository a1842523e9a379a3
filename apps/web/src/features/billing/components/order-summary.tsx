import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { formatPeriod } from '../lib/format-date.ts';

type OrderSummaryProps = { checkout: TestCheckout };

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

/** What is being bought: plan, cycle, amount and the first period. */
export function OrderSummary({ checkout }: OrderSummaryProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const total = formatMoney(checkout.amount, checkout.currency, language);

  return (
    <SettingsSection title={t('billing.checkout.summaryTitle')}>
      <Stack gap="xs">
        <Line label={t('billing.checkout.plan')} value={t(`plans.${checkout.planId}`)} />
        <Line label={t('billing.checkout.cycle')} value={t(`billing.cycle.${checkout.cycle}`)} />
        <Line
          label={t('billing.checkout.period')}
          value={formatPeriod(checkout.period.start, checkout.period.end, language)}
        />
        <Line label={t('billing.checkout.email')} value={checkout.email} />
        <Divider my="xs" />
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md">
            {t('billing.checkout.total')}
          </Title>
          <Text fw={800} fz="xl">
            {total}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t(`billing.checkout.renews.${checkout.cycle}`)}
        </Text>
      </Stack>
    </SettingsSection>
  );
}
