import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPeriod } from '../lib/format-period.ts';
import { type ChartRow, REMAINING_SERIES, type UsageView } from '../lib/usage-chart.ts';

type UsageTableProps = { rows: ChartRow[]; codes: string[]; view: UsageView };

/** The chart's numbers as a table, for screen readers and for reading exact values. */
export function UsageTable({ rows, codes, view }: UsageTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Table.ScrollContainer minWidth={360} maxHeight={320}>
      <Table striped stickyHeader fz="sm" captionSide="top">
        <Table.Caption ta="left">{t(`dashboard.usage.tableCaption.${view}`)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              {t(view === 'days' ? 'dashboard.usage.day' : 'dashboard.usage.month')}
            </Table.Th>
            {codes.map((code) => (
              <Table.Th key={code} scope="col" ta="right">
                {code}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              {t('dashboard.usage.total')}
            </Table.Th>
            {view === 'months' && (
              <Table.Th scope="col" ta="right">
                {t('dashboard.usage.remaining')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.period}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatPeriod(row.period, i18n.language, 'full')}
              </Table.Th>
              {codes.map((code) => (
                <Table.Td key={code} ta="right">
                  {number.format(Number(row[code] ?? 0))}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {number.format(row.total)}
              </Table.Td>
              {view === 'months' && (
                <Table.Td ta="right">{number.format(Number(row[REMAINING_SERIES]))}</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
