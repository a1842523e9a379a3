import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { formatDate, formatPeriod } from '../lib/format-date.ts';
import { PendingUpgradeNotice } from './pending-upgrade-notice.tsx';
import { StatusBadge } from './status-badge.tsx';
import { SummaryItem } from './summary-item.tsx';

/** Spec §2's billing summary: current plan, current period, next payment; and what is about to change. */
export function SubscriptionSummary({ summary }: { summary: BillingSummary }) {
  const { t, i18n } = useTranslation();
  const { subscription, nextPayment } = summary;
  const language = i18n.language;

  const nextPaymentText = () => {
    if (subscription?.cancelAt)
      return t('billing.summary.endsOn', { date: formatDate(subscription.cancelAt, language) });
    if (nextPayment)
      return t('billing.summary.paymentOn', {
        amount: formatMoney(nextPayment.amount, nextPayment.currency, language),
        date: formatDate(nextPayment.date, language),
      });
    return subscription ? t('billing.summary.noPaymentDue') : t('billing.summary.noPayment');
  };

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={700}>{t('billing.summary.currentPlan')}</Text>
        <Badge size="lg" variant="light" style={{ textTransform: 'none' }}>
          {subscription && subscription.planId === summary.planId
            ? t('billing.summary.planAndCycle', {
                plan: t(`plans.${summary.planId}`),
                cycle: t(`billing.cycle.${subscription.cycle}`),
              })
            : t(`plans.${summary.planId}`)}
        </Badge>
        {subscription && <StatusBadge kind="subscription" status={subscription.status} />}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SummaryItem label={t('billing.summary.currentPeriod')}>
          {subscription
            ? formatPeriod(subscription.currentPeriodStart, subscription.currentPeriodEnd, language)
            : t('billing.summary.noPeriod')}
        </SummaryItem>
        <SummaryItem label={t('billing.summary.nextPayment')}>{nextPaymentText()}</SummaryItem>
      </SimpleGrid>
      {subscription?.scheduledChange && (
        <Text size="sm" c="dimmed">
          {t('billing.summary.scheduledChange', {
            date: formatDate(subscription.currentPeriodEnd, language),
            plan: t(`plans.${subscription.scheduledChange.planId}`),
            cycle: t(`billing.cycle.${subscription.scheduledChange.cycle}`),
          })}
        </Text>
      )}
      {subscription?.pendingChange && (
        <PendingUpgradeNotice change={subscription.pendingChange} currency={subscription.currency} />
      )}
      {subscription?.paymentMethod && (
        <Text size="sm" c="dimmed">
          {t(`billing.summary.paidWith.${subscription.paymentMethod}`)}
        </Text>
      )}
    </Stack>
  );
}
