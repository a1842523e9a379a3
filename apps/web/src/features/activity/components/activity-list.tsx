import type { ActivityPage } from '@cotacep/shared/audit-schemas';
import { Alert, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#web/i18n/translate-message.ts';
import { normalizeError } from '#web/lib/api/normalize-error.ts';
import { useEntryTexts } from '../lib/use-entry-texts.ts';
import type { TimePreferences } from '../lib/use-format-time.ts';
import { ActivityEntries } from './activity-entries.tsx';

type ActivityListProps = {
  activity: UseInfiniteQueryResult<InfiniteData<ActivityPage, unknown>>;
  isFiltered: boolean;
  labelledBy: string;
  time: TimePreferences;
  /** The reader's own id, in their recent activity: their entries say "You". */
  selfId?: string;
};

/** Loading, failure, nothing yet, or the entries with "Load more" while the server has another page. */
export function ActivityList({ activity, isFiltered, labelledBy, time, selfId }: ActivityListProps) {
  const { t } = useTranslation();
  const { textsOf, zoneName } = useEntryTexts(time, selfId);
  const { data, error } = activity;

  if (activity.isPending) {
    return (
      <Stack gap="xs">
        <VisuallyHidden role="status">{t('activity.loading')}</VisuallyHidden>
        {[0, 1, 2].map((line) => (
          <Skeleton key={line} h={36} />
        ))}
      </Stack>
    );
  }

  const failure = error && (
    <Alert color="red" variant="light" role="alert" title={t('activity.failed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{translateMessage(t, normalizeError(error).message)}</Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => void (activity.isFetchNextPageError ? activity.fetchNextPage() : activity.refetch())}
        >
          {t('activity.retry')}
        </Button>
      </Stack>
    </Alert>
  );
  if (!data) return failure;

  // A cursor page never repeats an entry; the guard keeps the list right if an entry were written between two.
  const seen = new Set<string>();
  const entries = data.pages
    .flatMap((page) => page.entries)
    .filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)))
    .map((entry) => ({ id: entry.id, ...textsOf(entry) }));

  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {isFiltered ? t('activity.emptyFiltered') : t('activity.empty')}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <ActivityEntries entries={entries} labelledBy={labelledBy} zoneName={zoneName} />
      {failure}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {t('activity.shown', { count: entries.length })}
          {!activity.hasNextPage && data.pages.length > 1 && ` · ${t('activity.end')}`}
        </Text>
        {activity.hasNextPage && !error && (
          <Button
            variant="default"
            loading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {t('activity.loadMore')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
