import { Box, ColorSwatch, Table, Text, VisuallyHidden } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeriod } from '../lib/format-period.ts';
import { getStatusClassColor, STATUS_CLASS_CODES } from '../lib/status-colors.ts';
import type { UsageChart, UsageView } from '../lib/usage-chart.ts';

type UsageTableProps = { chart: UsageChart; view: UsageView };

/** Whether the box is narrower than its content (a phone), measured again when either changes size. */
function useIsScrollable<T extends HTMLElement>(dependency: unknown) {
  const ref = useRef<T>(null);
  const [isScrollable, setScrollable] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the table's columns change with the dependency
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrollable(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [dependency]);
  return { ref, isScrollable };
}

/**
 * The chart's numbers as a table, for screen readers and exact values: newest first, the total beside the
 * period (in view on a phone), a total at the foot; the page scrolls, not the table, except sideways on a
 * narrow screen, which a hint tells.
 */
export function UsageTable({ chart, view }: UsageTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { ref, isScrollable } = useIsScrollable<HTMLDivElement>(`${view}:${chart.classes.join()}`);
  const rows = [...chart.rows].reverse();
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const period = t(view === 'days' ? 'dashboard.usage.day' : 'dashboard.usage.month');
  return (
    <>
      {isScrollable && (
        <Text size="xs" c="dimmed" ta="right" mb={4} aria-hidden="true">
          {t('dashboard.usage.scrollHint')}
        </Text>
      )}
      <Box
        ref={ref}
        style={{ overflowX: 'auto' }}
        {...(isScrollable
          ? { role: 'region', tabIndex: 0, 'aria-label': t(`dashboard.usage.scrollLabel.${view}`) }
          : {})}
      >
        <Table striped fz="sm">
          {/* The card's hint above says the same to the eye; a visible caption would scroll away on a phone. */}
          <VisuallyHidden component="caption">{t(`dashboard.usage.tableCaption.${view}`)}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{period}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('dashboard.usage.total')}
              </Table.Th>
              {chart.classes.map((statusClass) => (
                <Table.Th key={statusClass} scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <ColorSwatch
                    component="span"
                    color={`var(--mantine-color-${getStatusClassColor(statusClass).replace('.', '-')})`}
                    size={8}
                    mr={4}
                    style={{ display: 'inline-block', verticalAlign: 'baseline' }}
                  />
                  {STATUS_CLASS_CODES[statusClass]}
                  <Text span display="block" size="xs" c="dimmed" fw={400}>
                    {' '}
                    {t(`dashboard.usage.statusClass.${statusClass}`)}
                  </Text>
                </Table.Th>
              ))}
              {view === 'months' && (
                <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t('dashboard.usage.remaining')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.period}>
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatPeriod(row.period, i18n.language, 'medium')}
                </Table.Th>
                <Table.Td ta="right" fw={600}>
                  {number.format(row.total)}
                </Table.Td>
                {chart.classes.map((statusClass) => (
                  <Table.Td key={statusClass} ta="right">
                    {number.format(row[statusClass] ?? 0)}
                  </Table.Td>
                ))}
                {view === 'months' && <Table.Td ta="right">{number.format(chart.remaining(row))}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={600}>
              <Table.Th scope="row">{t('dashboard.usage.total')}</Table.Th>
              <Table.Td ta="right">{number.format(sum((row) => row.total))}</Table.Td>
              {chart.classes.map((statusClass) => (
                <Table.Td key={statusClass} ta="right">
                  {number.format(sum((row) => row[statusClass] ?? 0))}
                </Table.Td>
              ))}
              {view === 'months' && <Table.Td />}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Box>
    </>
  );
}
