import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAge, formatDuration } from '#web/lib/format/format-age.ts';
import type { SourceStatus } from '#web/lib/status/get-status.ts';
import { getSourceState } from '../lib/derive-status.ts';
import { getSourceLabelKey } from '../lib/source-labels.ts';
import { StateBadge } from './state-badge.tsx';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** A moment as "há 3 min", with the full date and time in the reader's locale on hover. */
function When({ at, ageMs }: { at: string; ageMs: number }) {
  const { i18n } = useTranslation();
  const absolute = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(at));
  return (
    <time dateTime={at} title={absolute}>
      {formatAge(ageMs, i18n.language)}
    </time>
  );
}

/** One data source: its state, last update, freshness against its cadence, circuit and last error. */
export function SourceCard({ source, generatedAt }: { source: SourceStatus; generatedAt: string }) {
  const { t, i18n } = useTranslation();
  const labelKey = getSourceLabelKey(source.name);
  const headingId = `source-${source.name}`;
  const failureAgeMs =
    source.lastFailureAt === null ? null : Date.parse(generatedAt) - Date.parse(source.lastFailureAt);
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Stack gap={0}>
          <Title order={3} fz="md" id={headingId}>
            {labelKey ? t(labelKey) : source.name}
          </Title>
          <Text size="xs" c="dimmed" ff="monospace">
            {source.name}
          </Text>
        </Stack>
        <StateBadge state={getSourceState(source)} />
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
        <Detail label={t('status.source.lastUpdate')}>
          {source.lastSuccessAt !== null && source.ageMs !== null ? (
            <When at={source.lastSuccessAt} ageMs={source.ageMs} />
          ) : (
            t('status.source.never')
          )}
        </Detail>
        <Detail label={t('status.source.freshness')}>
          {t(freshnessKey(source), { cadence: formatDuration(source.cadenceMs, i18n.language) })}
        </Detail>
        <Detail label={t('status.source.circuit')}>{t(`status.circuit.${source.circuit}`)}</Detail>
      </SimpleGrid>
      {source.lastError !== null && (
        <Text size="sm" mt="sm" c="red.8">
          <Text span fw={600} inherit>
            {t('status.source.lastError')}{' '}
          </Text>
          {source.lastError}
          {source.lastFailureAt !== null && failureAgeMs !== null && (
            <Text span c="dimmed" inherit>
              {' '}
              (<When at={source.lastFailureAt} ageMs={failureAgeMs} />)
            </Text>
          )}
        </Text>
      )}
    </Paper>
  );
}

/** On-demand sources (CEP providers) are asked when a lookup needs them: judged by their last answer. */
function freshnessKey(source: SourceStatus): string {
  if (!source.onDemand) return source.isStale ? 'status.source.stale' : 'status.source.fresh';
  if (source.isStale) return 'status.source.onDemandFailing';
  return source.lastSuccessAt === null ? 'status.source.onDemandIdle' : 'status.source.onDemandOk';
}
