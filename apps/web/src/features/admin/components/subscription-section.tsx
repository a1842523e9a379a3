import type { AdminCustomer } from '@cotacep/shared/admin-schemas';
import { Badge, Divider, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { SectionCard } from './section-card.tsx';
import { TableScroll } from './table-scroll.tsx';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** The plan, the subscription that pays for it (if any) and the invoices, newest first. */
export function SubscriptionSection({ customer }: { customer: AdminCustomer }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const { subscription, invoices, organization } = customer;
  return (
    <SectionCard title={t('admin.subscription.title')}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mb="md">
        <Field label={t('admin.subscription.plan')}>{t(`plans.${organization.plan}`)}</Field>
        <Field label={t('admin.subscription.currency')}>{organization.currency}</Field>
        <Field label={t('admin.subscription.twoFactor')}>
          {t(
            organization.requireTwoFactor ? 'admin.subscription.required' : 'admin.subscription.notRequired',
          )}
        </Field>
        {subscription ? (
          <>
            <Field label={t('admin.subscription.status')}>
              {subscription.status}
              {subscription.cancelAtPeriodEnd && ` · ${t('admin.subscription.cancelsAtEnd')}`}
            </Field>
            <Field label={t('admin.subscription.cycle')}>
              {t(`admin.subscription.cycles.${subscription.cycle}`)}
            </Field>
            <Field label={t('admin.subscription.period')}>
              {`${date.format(new Date(subscription.currentPeriodStart))} – ${date.format(new Date(subscription.currentPeriodEnd))}`}
            </Field>
          </>
        ) : (
          <Field label={t('admin.subscription.status')}>{t('admin.subscription.none')}</Field>
        )}
      </SimpleGrid>
      <Divider mb="sm" />
      <Text fw={600} size="sm" mb="xs">
        {t('admin.invoices.title')}
      </Text>
      {invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.invoices.empty')}
        </Text>
      ) : (
        <TableScroll label={t('admin.invoices.title')} minWidth={520}>
          <Table fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.invoices.number')}</Table.Th>
                <Table.Th scope="col">{t('admin.invoices.date')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('admin.invoices.amount')}
                </Table.Th>
                <Table.Th scope="col">{t('admin.invoices.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Th scope="row" fw={500}>
                    {invoice.number}
                  </Table.Th>
                  <Table.Td>{date.format(new Date(invoice.createdAt))}</Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(invoice.amount, invoice.currency, i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" tt="none" color={invoice.paidAt ? 'teal' : 'gray'}>
                      {invoice.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}
