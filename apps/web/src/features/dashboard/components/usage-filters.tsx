import type { ApiKey } from '@cotacep/shared/key-schemas';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UsageFilter } from '../lib/usage-search.ts';

export type DashboardProject = { id: string; name: string };

type UsageFiltersProps = {
  filter: UsageFilter;
  keys: Pick<ApiKey, 'id' | 'description' | 'prefix'>[];
  projects: DashboardProject[];
  /** This period's keys with usage, deleted ones included, so their past data stays reachable. */
  usageKeys: Usage['byKey'];
  onChange: (name: 'keyId' | 'projectId', value: string | null) => void;
};

/** Narrow the dashboard to one key or one project. */
export function UsageFilters({ filter, keys, projects, usageKeys, onChange }: UsageFiltersProps) {
  const { t } = useTranslation();
  const deleted = usageKeys
    .filter((entry) => !keys.some((key) => key.id === entry.keyId))
    .map((entry) => ({
      value: entry.keyId,
      label: t('dashboard.filters.deletedKey', { prefix: entry.prefix ?? entry.keyId.slice(0, 8) }),
    }));
  const keyOptions = [
    ...keys.map((key) => ({ value: key.id, label: `${key.description} (${key.prefix}…)` })),
    ...deleted,
  ];
  // A key from a shared link that is not in either list still shows as selected.
  if (filter.keyId && !keyOptions.some((option) => option.value === filter.keyId)) {
    keyOptions.push({
      value: filter.keyId,
      label: t('dashboard.filters.deletedKey', { prefix: filter.keyId.slice(0, 8) }),
    });
  }
  const projectOptions = projects.map((project) => ({ value: project.id, label: project.name }));
  if (filter.projectId && !projectOptions.some((option) => option.value === filter.projectId)) {
    projectOptions.push({ value: filter.projectId, label: filter.projectId.slice(0, 8) });
  }

  // Which cards the filter narrows, named by their own labels so the sentence follows them.
  const card = (name: 'today' | 'errors' | 'period' | 'remaining' | 'keys') => t(`dashboard.cards.${name}`);
  const scope = t('dashboard.filters.scope', {
    today: card('today'),
    errors: card('errors'),
    period: card('period'),
    remaining: card('remaining'),
    keys: card('keys'),
  });

  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('dashboard.filters.key')}
          placeholder={t('dashboard.filters.allKeys')}
          data={keyOptions}
          value={filter.keyId ?? null}
          onChange={(value) => onChange('keyId', value)}
          clearable
          searchable
          nothingFoundMessage={t('dashboard.filters.nothingFound')}
        />
        <Select
          label={t('dashboard.filters.project')}
          placeholder={t('dashboard.filters.allProjects')}
          data={projectOptions}
          value={filter.projectId ?? null}
          onChange={(value) => onChange('projectId', value)}
          clearable
          searchable
          nothingFoundMessage={t('dashboard.filters.nothingFound')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {scope}
      </Text>
    </Stack>
  );
}
