import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useSession } from '#web/lib/session/session-store.ts';
import { useAccountActivity } from '../api/get-account-activity.ts';
import { isRangeReversed, NO_FILTERS, toActivityQuery } from '../lib/activity-filters.ts';
import { PERSONAL_EVENT_GROUPS } from '../lib/event-groups.ts';
import type { TimePreferences } from '../lib/use-format-time.ts';
import { ActivityFiltersForm } from './activity-filters-form.tsx';
import { ActivityList } from './activity-list.tsx';

const HEADING_ID = 'recent-activity';

/** Security → Recent activity (issue 26): the signed-in person's own log-ins, factor and account changes. */
export function RecentActivitySection({ time }: { time: TimePreferences }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [filters, setFilters] = useState(NO_FILTERS);
  const query = toActivityQuery(filters, time.timeZone);
  const isReversed = isRangeReversed(filters);
  const activity = useAccountActivity(query, { isEnabled: !isReversed });
  const selfId = typeof user?.sub === 'string' ? user.sub : undefined;
  const actors = selfId ? [{ value: selfId, label: t('activity.filters.you') }] : [];
  return (
    <SettingsSection
      id={HEADING_ID}
      title={t('activity.recentTitle')}
      description={t('activity.recentDescription')}
    >
      <Stack gap="md">
        <ActivityFiltersForm
          value={filters}
          onChange={setFilters}
          eventGroups={PERSONAL_EVENT_GROUPS}
          actors={actors}
        />
        {!isReversed && (
          <ActivityList
            activity={activity}
            isFiltered={Object.keys(query).length > 0}
            labelledBy={HEADING_ID}
            time={time}
            selfId={selfId}
          />
        )}
      </Stack>
    </SettingsSection>
  );
}
