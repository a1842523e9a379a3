import type { AdminCustomerSummary } from '@cotacep/shared/admin-schemas';
import { OVER_QUOTA_RATIO } from '@cotacep/shared/admin-schemas';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomerStatusBadge } from './customer-status-badge.tsx';
import { TableScroll } from './table-scroll.tsx';

/** One row per customer (organization): who owns it, its plan, its state and this period's quota use. */
export function CustomersTable({ items }: { items: AdminCustomerSummary[] }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <TableScroll label={t('admin.customers.results')} minWidth={760}>
      <Table fz="sm" verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('admin.customers.columns.organization')}</Table.Th>
            <Table.Th scope="col">{t('admin.customers.columns.owner')}</Table.Th>
            <Table.Th scope="col">{t('admin.customers.columns.plan')}</Table.Th>
            <Table.Th scope="col">{t('admin.customers.columns.status')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('admin.customers.columns.quota')}
            </Table.Th>
            <Table.Th scope="col">{t('admin.customers.columns.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((customer) => {
            const owner = customer.owners[0];
            const isOver = customer.quota.usedRatio >= OVER_QUOTA_RATIO;
            return (
              <Table.Tr key={customer.id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={`/admin/customers/${customer.id}`} fw={600} size="sm">
                    {customer.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t('admin.customers.members', { count: customer.memberCount })}
                  </Text>
                </Table.Th>
                <Table.Td>
                  {owner ? (
                    <>
                      <Text size="sm">{owner.name}</Text>
                      <Text size="xs" c="dimmed">
                        {owner.email}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('admin.customers.noOwner')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t(`plans.${customer.plan}`)}</Table.Td>
                <Table.Td>
                  <CustomerStatusBadge status={customer.status} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text span size="sm" fw={isOver ? 700 : undefined} c={isOver ? 'orange.9' : undefined}>
                    {percent.format(customer.quota.usedRatio)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {date.format(new Date(customer.createdAt))}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
