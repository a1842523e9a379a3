import type { Invoice } from '@cotacep/shared/billing-schemas';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NfseStatusBadge } from '#web/components/nfse/nfse-status-badge.tsx';
import { formatDate } from '../lib/format-date.ts';
import { BILLING_DETAILS_PATH } from '../lib/paths.ts';
import { useInvoiceNfsePolling } from '../lib/use-nfse-polling.ts';
import classes from './invoice.module.css';
import { Labelled } from './labelled.tsx';
import { NfseDownloads } from './nfse-downloads.tsx';

/** What the customer is told about the nota, status by status (issue 27). */
function NfseExplanation({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  switch (invoice.nfse?.status) {
    case undefined:
      return <Text size="sm">{t('billing.nfse.afterPayment')}</Text>;
    case 'pending':
      return <Text size="sm">{t('billing.nfse.pendingText')}</Text>;
    case 'rejected':
      return (
        <Stack gap={4}>
          <Text size="sm">{t('billing.nfse.rejectedText')}</Text>
          <Anchor component={Link} to={BILLING_DETAILS_PATH} size="sm" className={classes.noPrint}>
            {t('billing.nfse.checkDetails')}
          </Anchor>
        </Stack>
      );
    case 'cancelling':
      return <Text size="sm">{t('billing.nfse.cancellingText')}</Text>;
    case 'cancelled':
      return <Text size="sm">{t('billing.nfse.cancelledText')}</Text>;
    case 'issued':
      return null;
  }
}

/**
 * The invoice page's "Nota fiscal (NFS-e)": its status, number, verification code and date, the downloads
 * once issued, and what is going on otherwise. Read again while the nota is on its way. Only invoices in
 * reais have one: an open one is told it comes with the payment.
 */
export function InvoiceNfseSection({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  useInvoiceNfsePolling(invoice.id);
  const { nfse } = invoice;
  const isAwaitingPayment = !nfse && invoice.currency === 'BRL' && invoice.status === 'open';
  if (!nfse && !isAwaitingPayment) return null;
  return (
    <Paper component="section" aria-labelledby={titleId} className={classes.sheet}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={titleId}>
            {t('billing.nfse.title')}
          </Title>
          {nfse && <NfseStatusBadge status={nfse.status} />}
        </Group>
        {nfse?.number && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Labelled label={t('billing.nfse.number')}>
              <Text size="sm" ff="monospace">
                {nfse.number}
              </Text>
            </Labelled>
            {nfse.verificationCode && (
              <Labelled label={t('billing.nfse.verificationCode')}>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {nfse.verificationCode}
                </Text>
              </Labelled>
            )}
            {nfse.issuedAt && (
              <Labelled label={t('billing.nfse.issuedAt')}>
                <Text size="sm">{formatDate(nfse.issuedAt, i18n.language)}</Text>
              </Labelled>
            )}
          </SimpleGrid>
        )}
        <NfseExplanation invoice={invoice} />
        <NfseDownloads invoice={invoice} />
      </Stack>
    </Paper>
  );
}
