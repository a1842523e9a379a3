import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithOrganization } from '#web/components/organization/with-organization.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useOrganizationActivity } from '../api/get-organization-activity.ts';
import { isRangeReversed, NO_FILTERS, toActivityQuery } from '../lib/activity-filters.ts';
import { ORGANIZATION_EVENT_GROUPS } from '../lib/event-groups.ts';
import type { TimePreferences } from '../lib/use-format-time.ts';
import { ActivityFiltersForm, type ActorOption } from './activity-filters-form.tsx';
import { ActivityList } from './activity-list.tsx';
import { ExportButtons } from './export-buttons.tsx';

const HEADING_ID = 'organization-activity';

type OrganizationActivityProps = {
  organizationId: string;
  organizationName: string;
  actors: ActorOption[];
  time: TimePreferences;
};

function OrganizationActivity({ organizationId, organizationName, actors, time }: OrganizationActivityProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState(NO_FILTERS);
  const query = toActivityQuery(filters, time.timeZone);
  const isReversed = isRangeReversed(filters);
  const activity = useOrganizationActivity(organizationId, query, { isEnabled: !isReversed });
  return (
    <SettingsSection
      id={HEADING_ID}
      title={t('activity.title')}
      description={t('activity.description', { organization: organizationName })}
    >
      <Stack gap="md">
        <ActivityFiltersForm
          value={filters}
          onChange={setFilters}
          eventGroups={ORGANIZATION_EVENT_GROUPS}
          actors={actors}
        />
        <ExportButtons organizationId={organizationId} query={query} isDisabled={isReversed} />
        {!isReversed && (
          <ActivityList
            activity={activity}
            isFiltered={Object.keys(query).length > 0}
            labelledBy={HEADING_ID}
            time={time}
          />
        )}
      </Stack>
    </SettingsSection>
  );
}

type OrganizationActivityTabProps = {
  /** The organization's members, to filter by (from the organizations feature, composed in by the app). */
  actors: ActorOption[];
  time: TimePreferences;
};

/**
 * Account Settings → Activity (issue 26): the current organization's events for Owners and Admins, filtered,
 * paged by the server, exported as CSV or JSON. The app wraps it in `activity.read`.
 */
export function OrganizationActivityTab({ actors, time }: OrganizationActivityTabProps) {
  return (
    <WithOrganization>
      {(organization) => (
        // Keyed by organization: a switch starts with no filters.
        <OrganizationActivity
          key={organization.id}
          organizationId={organization.id}
          organizationName={organization.name}
          actors={actors}
          time={time}
        />
      )}
    </WithOrganization>
  );
}
