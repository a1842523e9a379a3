import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SourceStatus, StatusApi, StatusApiEntry } from '#web/lib/status/get-status.ts';
import { formatDataDate } from '../lib/derive-status.ts';
import { SourceCard } from './source-card.tsx';
import { API_LOOKS, StateBadge } from './state-badge.tsx';

/** One API: its state as the server judges it, what that means for an answer, and a card per source. */
export function ApiSection({
  api,
  entry,
  sources,
}: {
  api: StatusApi;
  entry: StatusApiEntry | undefined;
  sources: SourceStatus[];
}) {
  const { t, i18n } = useTranslation();
  const headingId = `status-${api}`;
  const state = entry?.state ?? 'unknown';
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Title order={2} id={headingId} fz={{ base: 20, sm: 22 }}>
            {t(`status.api.${api}`)}
          </Title>
          <StateBadge look={API_LOOKS[state]} label={t(`status.state.${state}`)} />
        </Group>
        {entry && (
          <Text size="sm" c="dimmed">
            {t(`status.meaning.${entry.state}`, {
              date: entry.dataAsOf ? formatDataDate(entry.dataAsOf, i18n.language) : '',
            })}
          </Text>
        )}
      </Stack>
      {sources.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('status.noSources')}
        </Text>
      ) : (
        sources.map((source) => <SourceCard key={source.name} source={source} />)
      )}
    </Stack>
  );
}
