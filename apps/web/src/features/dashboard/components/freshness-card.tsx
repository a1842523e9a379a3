import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAge } from '#web/lib/format/format-age.ts';
import { type SourceStatus, STATUS_POLL_MS, useStatus } from '#web/lib/status/get-status.ts';

function ApiFreshness({ api, sources }: { api: 'quotes' | 'cep'; sources: SourceStatus[] }) {
  const { t, i18n } = useTranslation();
  const freshest = sources
    .filter((source) => source.api === api && source.ageMs !== null)
    .sort((a, b) => (a.ageMs ?? 0) - (b.ageMs ?? 0))[0];
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={500}>
        {t(`dashboard.freshness.${api}`)}
      </Text>
      <Group gap={6} wrap="nowrap">
        {freshest?.ageMs != null && (
          <Text size="xs" c="dimmed">
            {formatAge(freshest.ageMs, i18n.language)}
          </Text>
        )}
        <Badge variant="light" color={!freshest ? 'gray' : freshest.isStale ? 'orange' : 'green'}>
          {t(`dashboard.freshness.${!freshest ? 'unknown' : freshest.isStale ? 'stale' : 'fresh'}`)}
        </Badge>
      </Group>
    </Group>
  );
}

/** Whether the data behind each API is current, from the public status endpoint. */
export function FreshnessCard() {
  const { t } = useTranslation();
  const status = useStatus(STATUS_POLL_MS.dashboard);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {t('dashboard.freshness.title')}
      </Title>
      {status.isPending && <Skeleton h={48} />}
      {status.isError && (
        <Text size="sm" c="dimmed">
          {t('dashboard.freshness.unavailable')}
        </Text>
      )}
      {status.data && (
        <Stack gap="xs">
          <ApiFreshness api="quotes" sources={status.data.sources} />
          <ApiFreshness api="cep" sources={status.data.sources} />
        </Stack>
      )}
    </Card>
  );
}
