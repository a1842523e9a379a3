import type { Invoice } from '@cotacep/shared/billing-schemas';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NfseStatusBadge } from '#web/components/nfse/nfse-status-badge.tsx';
import { NfseDownloads } from './nfse-downloads.tsx';

type InvoiceNfseSummaryProps = {
  invoice: Invoice;
  /** Under the invoice's own status (a phone's table): "NFS-e" says whose status the second badge is. */
  isCaptioned?: boolean;
};

/**
 * An invoice's nota in the invoices table (issue 27): its status and number, and its files once issued; a
 * dash where none applies (dollars, not paid yet), or nothing under a caption.
 */
export function InvoiceNfseSummary({ invoice, isCaptioned = false }: InvoiceNfseSummaryProps) {
  const { t } = useTranslation();
  const { nfse } = invoice;
  if (!nfse) {
    if (isCaptioned) return null;
    return (
      <Text size="sm" c="dimmed" aria-hidden>
        –
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6} wrap="wrap">
        {isCaptioned && (
          <Text size="xs" fw={600} c="dimmed">
            {t('billing.nfse.column')}
          </Text>
        )}
        <NfseStatusBadge status={nfse.status} />
        {nfse.number && (
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            {t('billing.nfse.numbered', { number: nfse.number })}
          </Text>
        )}
      </Group>
      <NfseDownloads invoice={invoice} isCompact />
    </Stack>
  );
}
