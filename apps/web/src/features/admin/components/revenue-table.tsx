import type { AdminOverview } from '@cotacep/shared/admin-schemas';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { TableScroll } from './table-scroll.tsx';

/** Paying organizations and monthly recurring revenue per plan, in each currency customers pay in. */
export function RevenueTable({ revenue }: { revenue: AdminOverview['revenue'] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const money = (mrr: { BRL: number; USD: number }) => (
    <>
      <div>{formatMoney(mrr.BRL, 'BRL', i18n.language)}</div>
      {mrr.USD > 0 && <div>{formatMoney(mrr.USD, 'USD', i18n.language)}</div>}
    </>
  );
  return (
    <TableScroll label={t('admin.overview.revenue.title')} minWidth={320}>
      <Table fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('admin.overview.revenue.plan')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('admin.overview.revenue.organizations')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('admin.overview.revenue.mrr')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {revenue.byPlan.map((row) => (
            <Table.Tr key={row.plan}>
              <Table.Th scope="row" fw={500}>
                {t(`plans.${row.plan}`)}
              </Table.Th>
              <Table.Td ta="right">{number.format(row.organizations)}</Table.Td>
              <Table.Td ta="right">{money(row.mrr)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{t('admin.overview.revenue.total')}</Table.Th>
            <Table.Td ta="right">{number.format(revenue.payingOrganizations)}</Table.Td>
            <Table.Td ta="right">{money(revenue.mrr)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}
