import type { Invoice } from '@cotacep/shared/billing-schemas';
import { Anchor, Box, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { formatDate } from '../lib/format-date.ts';
import { invoicePath } from '../lib/paths.ts';
import { InvoiceNfseSummary } from './invoice-nfse-summary.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Test mode prints its own invoice page; Stripe's hosted invoice opens in a new tab. */
function InvoiceLink({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const label = t('billing.invoices.view', { number: invoice.number });
  const common = {
    size: 'sm',
    ff: 'monospace',
    'aria-label': label,
    style: { overflowWrap: 'anywhere' },
  } as const;
  if (invoice.hostedUrl)
    return (
      <Anchor href={invoice.hostedUrl} target="_blank" rel="noopener noreferrer" {...common}>
        {invoice.number}
      </Anchor>
    );
  return (
    <Anchor component={Link} to={invoicePath(invoice.id)} {...common}>
      {invoice.number}
    </Anchor>
  );
}

/**
 * Each invoice's number (its link) and date, amount, status and nota fiscal (issue 27). A phone keeps three
 * columns: the nota goes under the invoice's status there.
 */
export function InvoicesTable({ items }: { items: Invoice[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table verticalSpacing="sm" layout="auto">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billing.invoices.invoice')}</Table.Th>
          <Table.Th>{t('billing.invoices.amount')}</Table.Th>
          <Table.Th>{t('billing.invoices.status')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('billing.nfse.column')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((invoice) => (
          <Table.Tr key={invoice.id}>
            <Table.Td>
              <Stack gap={2}>
                <InvoiceLink invoice={invoice} />
                <Text size="xs" c="dimmed">
                  {formatDate(invoice.createdAt, i18n.language)}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(invoice.amount, invoice.currency, i18n.language)}
            </Table.Td>
            <Table.Td>
              <StatusBadge kind="invoice" status={invoice.status} />
              <Box hiddenFrom="sm" mt={6}>
                <InvoiceNfseSummary invoice={invoice} isCaptioned />
              </Box>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <InvoiceNfseSummary invoice={invoice} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
