import type { Invoice } from '@cotacep/shared/billing-schemas';
import { Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from '#web/components/logo.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { formatDate, formatPeriod } from '../lib/format-date.ts';
import { BilledTo } from './billed-to.tsx';
import classes from './invoice.module.css';
import { IssuedBy } from './issued-by.tsx';
import { Labelled } from './labelled.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The invoice as printed: seller, buyer, number, dates, the plan's line, total, status and boleto. */
export function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const total = formatMoney(invoice.amount, invoice.currency, language);
  const date = (iso: string) => formatDate(iso, language);

  return (
    <Paper className={classes.sheet}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap="sm">
            <Logo size={28} />
            <IssuedBy />
          </Stack>
          <Stack gap={4} className={classes.title}>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('billing.invoice.title')}
            </Title>
            <Text ff="monospace">{invoice.number}</Text>
            <StatusBadge kind="invoice" status={invoice.status} />
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Labelled label={t('billing.invoice.billedTo')}>
            {invoice.billedTo ? (
              <BilledTo billedTo={invoice.billedTo} />
            ) : (
              <Text size="sm">{t('billing.invoice.noBilledTo')}</Text>
            )}
          </Labelled>
          <Stack gap="sm">
            <Labelled label={t('billing.invoice.issuedOn')}>
              <Text size="sm">{date(invoice.createdAt)}</Text>
            </Labelled>
            {invoice.paidAt && (
              <Labelled label={t('billing.invoice.paidOn')}>
                <Text size="sm">{date(invoice.paidAt)}</Text>
              </Labelled>
            )}
            <Labelled label={t('billing.invoice.method')}>
              <Text size="sm">{t(`billing.method.${invoice.paymentMethod}`)}</Text>
            </Labelled>
          </Stack>
        </SimpleGrid>
        <Table verticalSpacing="sm" withTableBorder={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.invoice.description')}</Table.Th>
              <Table.Th className={classes.amount}>{t('billing.invoice.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {t('billing.invoice.line', {
                    plan: t(`plans.${invoice.planId}`),
                    cycle: t(`billing.cycle.${invoice.cycle}`),
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPeriod(invoice.periodStart, invoice.periodEnd, language)}
                </Text>
              </Table.Td>
              <Table.Td className={classes.amount}>{total}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('billing.invoice.total')}</Table.Th>
              <Table.Th className={classes.amount}>{total}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        {invoice.boleto && (
          <Labelled label={t('billing.boleto.line')}>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {invoice.boleto.line}
            </Code>
            <Text size="xs" c="dimmed">
              {t('billing.boleto.expiresOn', { date: date(invoice.boleto.expiresAt) })}
            </Text>
          </Labelled>
        )}
        {!invoice.hostedUrl && (
          <Text size="xs" c="dimmed">
            {t('billing.invoice.testNote')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
