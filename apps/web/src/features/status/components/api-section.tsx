import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SourceApi, SourceStatus } from '#web/lib/status/get-status.ts';
import { getApiState } from '../lib/derive-status.ts';
import { SourceCard } from './source-card.tsx';
import { StateBadge } from './state-badge.tsx';

/** One API: its own state, derived from its sources, and a card per source. */
export function ApiSection({
  api,
  sources,
  generatedAt,
}: {
  api: SourceApi;
  sources: SourceStatus[];
  generatedAt: string;
}) {
  const { t } = useTranslation();
  const headingId = `status-${api}`;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={2} id={headingId} fz={{ base: 20, sm: 22 }}>
          {t(`status.api.${api}`)}
        </Title>
        <StateBadge state={getApiState(sources)} />
      </Group>
      {sources.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('status.noSources')}
        </Text>
      ) : (
        sources.map((source) => <SourceCard key={source.name} source={source} generatedAt={generatedAt} />)
      )}
    </Stack>
  );
}
