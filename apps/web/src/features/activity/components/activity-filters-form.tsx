import type { AuditEventName } from '@cotacep/shared/audit-events';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_PERIODS,
  type ActivityFilters,
  type ActivityPeriod,
  isRangeReversed,
  NO_FILTERS,
  periodStart,
} from '../lib/activity-filters.ts';
import type { EventGroup } from '../lib/event-groups.ts';

export type ActorOption = { value: string; label: string };

type ActivityFiltersFormProps = {
  value: ActivityFilters;
  onChange: (next: ActivityFilters) => void;
  eventGroups: { group: EventGroup; events: AuditEventName[] }[];
  /** The people to pick from (members, or "You"); Cotacep staff and the system are always offered. */
  actors: ActorOption[];
};

// A value of its own: Mantine shows an empty one greyed out, as a placeholder.
const ALL = 'all';

const fromOption = (option: string) => (option === ALL ? null : option);

/** Event (grouped), who, and when; every change asks the server again from the first page. */
export function ActivityFiltersForm({ value, onChange, eventGroups, actors }: ActivityFiltersFormProps) {
  const { t } = useTranslation();
  const isReversed = isRangeReversed(value);
  const isFiltered =
    value.event !== null || value.actor !== null || value.period !== 'all' || value.fromDay || value.toDay;

  const events = [
    { value: ALL, label: t('activity.filters.allEvents') },
    ...eventGroups.map(({ group, events: items }) => ({
      group: t(`activity.groups.${group}`),
      items: items.map((event) => ({ value: event, label: t(`audit.events.${event}`) })),
    })),
  ];
  const who = [
    { value: ALL, label: t('activity.filters.anyone') },
    ...actors,
    { value: 'staff', label: t('activity.actor.staff') },
    { value: 'system', label: t('activity.actor.system') },
  ];
  const periods = ACTIVITY_PERIODS.map((period) => ({
    value: period,
    label: t(`activity.periods.${period}`),
  }));

  const onPeriod = (period: ActivityPeriod) =>
    onChange({ ...value, period, since: periodStart(period), fromDay: '', toDay: '' });

  return (
    <Group role="group" aria-label={t('activity.filters.label')} align="flex-end" gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ flex: '1 1 480px' }}>
        <NativeSelect
          label={t('activity.filters.event')}
          data={events}
          value={value.event ?? ALL}
          onChange={(event) =>
            onChange({ ...value, event: fromOption(event.currentTarget.value) as AuditEventName | null })
          }
        />
        <NativeSelect
          label={t('activity.filters.actor')}
          data={who}
          value={value.actor ?? ALL}
          onChange={(event) => onChange({ ...value, actor: fromOption(event.currentTarget.value) })}
        />
        <NativeSelect
          label={t('activity.filters.period')}
          data={periods}
          value={value.period}
          onChange={(event) => onPeriod(event.currentTarget.value as ActivityPeriod)}
        />
      </SimpleGrid>
      {value.period === 'custom' && (
        <SimpleGrid cols={{ base: 2 }} spacing="sm" style={{ flex: '1 1 300px' }}>
          <TextInput
            type="date"
            label={t('activity.filters.from')}
            value={value.fromDay}
            max={value.toDay || undefined}
            onChange={(event) => onChange({ ...value, fromDay: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('activity.filters.to')}
            value={value.toDay}
            min={value.fromDay || undefined}
            error={isReversed ? t('activity.filters.reversed') : undefined}
            onChange={(event) => onChange({ ...value, toDay: event.currentTarget.value })}
          />
        </SimpleGrid>
      )}
      {isFiltered && (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          {t('activity.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
