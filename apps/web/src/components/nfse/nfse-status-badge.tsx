import type { NfseStatus } from '@cotacep/shared/nfse-schemas';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Issued is done, a rejection needs someone, the rest is on its way (or over). */
const COLORS: Record<NfseStatus, string> = {
  pending: 'yellow',
  issued: 'green',
  rejected: 'red',
  cancelling: 'gray',
  cancelled: 'gray',
};

/**
 * A nota fiscal's status in words and colour (issue 27): the customer's Billing tab and invoice page and the
 * staff console show the same badge.
 */
export function NfseStatusBadge({ status }: { status: NfseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" style={{ textTransform: 'none' }}>
      {t(`billing.nfse.status.${status}`)}
    </Badge>
  );
}
