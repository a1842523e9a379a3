import type { InvoiceStatus, SubscriptionStatus } from '@cotacep/shared/billing-schemas';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<SubscriptionStatus | InvoiceStatus, string> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'red',
  canceled: 'gray',
  unpaid: 'red',
  incomplete: 'yellow',
  incomplete_expired: 'gray',
  draft: 'gray',
  open: 'yellow',
  paid: 'green',
  void: 'gray',
  uncollectible: 'red',
};

type StatusBadgeProps =
  | { kind: 'subscription'; status: SubscriptionStatus }
  | { kind: 'invoice'; status: InvoiceStatus };

/** A subscription's or an invoice's status, in words and colour. */
export function StatusBadge(props: StatusBadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[props.status]} variant="light" style={{ textTransform: 'none' }}>
      {props.kind === 'subscription'
        ? t(`billing.status.subscription.${props.status}`)
        : t(`billing.status.invoice.${props.status}`)}
    </Badge>
  );
}
