import type { AdminOverview, CircuitStateName } from '@cotacep/shared/admin-schemas';
import type { ApiState } from '@cotacep/shared/status-schemas';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAge } from '#web/lib/format/format-age.ts';
import { TableScroll } from './table-scroll.tsx';

type SourcesTableProps = {
  sources: AdminOverview['sources'];
  /** A source's human name (the status page's), its identifier beside it. */
  sourceLabel: (name: string) => string;
};

// Red means stopped: an outage, or a breaker that refuses every call until it tries again.
const STATE_COLORS: Record<ApiState, string> = { operational: 'teal', stale: 'yellow', outage: 'red' };
const CIRCUIT_COLORS: Record<CircuitStateName, string> = {
  closed: 'teal',
  'half-open': 'yellow',
  open: 'red',
};

// A badge's words are the point: never cut them with an ellipsis.
const NO_CUT = { overflow: 'visible', maxWidth: 'none' } as const;

/** Each data source's freshness and its circuit breaker, with the last error the public never sees. */
export function SourcesTable({ sources, sourceLabel }: SourcesTableProps) {
  const { t, i18n } = useTranslation();
  const age = (instant: string) => formatAge(Date.now() - Date.parse(instant), i18n.language);
  return (
    <TableScroll label={t('admin.overview.sources.title')} minWidth={560}>
      <Table fz="sm" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('admin.overview.sources.source')}</Table.Th>
            <Table.Th scope="col">{t('admin.overview.sources.state')}</Table.Th>
            <Table.Th scope="col">{t('admin.overview.sources.circuit')}</Table.Th>
            <Table.Th scope="col">{t('admin.overview.sources.lastSuccess')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sources.map((source) => (
            <Table.Tr key={`${source.api}:${source.name}`}>
              <Table.Th scope="row" fw={500}>
                {sourceLabel(source.name)}
                <Text size="xs" c="dimmed" fw={400}>
                  {t(`status.api.${source.api}`)} · <code>{source.name}</code>
                </Text>
              </Table.Th>
              <Table.Td>
                <Badge
                  variant="light"
                  color={STATE_COLORS[source.state]}
                  radius="sm"
                  tt="none"
                  style={NO_CUT}
                >
                  {t(`status.state.${source.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={CIRCUIT_COLORS[source.circuit]}
                  radius="sm"
                  tt="none"
                  style={NO_CUT}
                >
                  {t(`admin.overview.sources.circuitState.${source.circuit}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t(`admin.overview.sources.circuitMeaning.${source.circuit}`)}
                </Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm">
                  {source.lastSuccessAt
                    ? age(source.lastSuccessAt)
                    : t(source.onDemand ? 'admin.overview.sources.notAsked' : 'admin.overview.sources.never')}
                </Text>
                {source.lastError && (
                  <Text
                    size="xs"
                    c="red.9"
                    lineClamp={2}
                    title={source.lastError}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {t('admin.overview.sources.lastError', {
                      age: source.lastFailureAt ? age(source.lastFailureAt) : '—',
                      error: source.lastError,
                    })}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
