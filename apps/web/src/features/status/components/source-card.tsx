import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '#web/i18n/translation-key.ts';
import { formatAge, formatDuration } from '#web/lib/format/format-age.ts';
import type { SourceStatus } from '#web/lib/status/get-status.ts';
import { formatDataDate, formatDataTime } from '../lib/derive-status.ts';
import { getSourceLabelKey } from '../lib/source-labels.ts';
import { SOURCE_LOOKS, StateBadge } from './state-badge.tsx';

const DAY_MS = 86_400_000;

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

/**
 * A moment as "há 3 min", with the full date and time on hover; older than a day, the date is written out
 * too ("28 de set. de 2026 (há 58 dias)"): how old the data is should not need a hover.
 */
function When({ at, ageMs }: { at: string; ageMs: number }) {
  const { i18n } = useTranslation();
  const age = formatAge(ageMs, i18n.language);
  return (
    <time dateTime={at} title={formatDataTime(at, i18n.language)}>
      {ageMs > DAY_MS ? `${formatDataDate(at, i18n.language, 'medium')} (${age})` : age}
    </time>
  );
}

/** One data source by its human name: its state, last update and freshness against its cadence. */
export function SourceCard({ source }: { source: SourceStatus }) {
  const { t, i18n } = useTranslation();
  const labelKey = getSourceLabelKey(source.name);
  const headingId = `source-${source.name}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Title order={3} fz="md" id={headingId}>
          {labelKey ? t(labelKey) : t('status.sources.other')}
        </Title>
        <StateBadge look={SOURCE_LOOKS[source.state]} label={t(sourceStateKey(source))} />
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
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
      </SimpleGrid>
    </Paper>
  );
}

/** In words that fit the kind of source: a CEP provider never asked yet is not "up to date", it is idle. */
function sourceStateKey(source: SourceStatus): TranslationKey {
  if (source.onDemand) {
    if (source.state === 'outage') return 'status.sourceState.failing';
    return source.lastSuccessAt === null ? 'status.sourceState.idle' : 'status.sourceState.answering';
  }
  return source.state === 'outage' ? 'status.sourceState.noData' : `status.sourceState.${source.state}`;
}

/** On-demand sources (CEP providers) are asked when a lookup needs them: judged by their last answer. */
function freshnessKey(source: SourceStatus): TranslationKey {
  if (!source.onDemand) return source.isStale ? 'status.source.stale' : 'status.source.fresh';
  if (source.isStale) return 'status.source.onDemandFailing';
  return source.lastSuccessAt === null ? 'status.source.onDemandIdle' : 'status.source.onDemandOk';
}
