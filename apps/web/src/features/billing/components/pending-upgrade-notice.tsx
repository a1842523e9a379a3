import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { formatDate } from '../lib/format-date.ts';
import { invoicePath } from '../lib/paths.ts';

type Subscription = NonNullable<BillingSummary['subscription']>;
type PendingUpgradeNoticeProps = {
  change: NonNullable<Subscription['pendingChange']>;
  currency: Subscription['currency'];
};

/** An upgrade awaiting its boleto: the plan changes once it is paid, and stays as it is if it never is. */
export function PendingUpgradeNotice({ change, currency }: PendingUpgradeNoticeProps) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="yellow" variant="light">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">
          {t('billing.summary.pendingUpgrade', {
            plan: t(`plans.${change.planId}`),
            cycle: t(`billing.cycle.${change.cycle}`),
            amount: formatMoney(change.amount, currency, i18n.language),
            date: formatDate(change.expiresAt, i18n.language),
          })}
        </Text>
        <Button component={Link} to={invoicePath(change.invoiceId)} variant="default">
          {t('billing.summary.viewBoleto')}
        </Button>
      </Group>
    </Alert>
  );
}
