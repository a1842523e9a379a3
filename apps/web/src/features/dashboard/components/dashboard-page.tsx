import type { ApiKey } from '@cotacep/shared/key-schemas';
import { ActionIcon, Container, Grid, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { useSession } from '#web/lib/session/session-store.ts';
import { useUsage } from '../api/get-usage.ts';
import { readUsageSearch, writeUsageSearch } from '../lib/usage-search.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
import { FirstCallEmpty } from './first-call-empty.tsx';
import { FreshnessCard } from './freshness-card.tsx';
import { PlanSummaryCard } from './plan-summary-card.tsx';
import { QuickLinksCard } from './quick-links-card.tsx';
import { QuotaBanner } from './quota-banner.tsx';
import { StatCards } from './stat-cards.tsx';
import { UsageChartCard } from './usage-chart-card.tsx';
import { type DashboardProject, UsageFilters } from './usage-filters.tsx';

export type DashboardPageProps = {
  /** The account's keys and the plan's key limit, from the keys feature (composed in `app/`). */
  keys?: { items: Pick<ApiKey, 'id' | 'description' | 'prefix' | 'enabled'>[]; maxKeys: number };
  projects: DashboardProject[];
};

/** Plan consumption (spec §2) with live figures, filters by key and project, export and health cards. */
export function DashboardPage({ keys, projects }: DashboardPageProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const { keyId, projectId, view } = readUsageSearch(searchParams);
  const usage = useUsage({ keyId, projectId });
  const name = typeof user?.given_name === 'string' ? user.given_name : '';
  const onSearch = (param: 'keyId' | 'projectId' | 'view', value: string | null) =>
    setSearchParams((current) => writeUsageSearch(current, param, value), { replace: true });
  const isFiltered = Boolean(keyId || projectId);
  const updatedAt = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(
    usage.dataUpdatedAt,
  );

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title={t('dashboard.title')}
        description={name ? t('dashboard.greeting', { name }) : t('dashboard.description')}
        actions={
          usage.data && (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('dashboard.updatedAt', { time: updatedAt })}
              </Text>
              <Tooltip label={t('dashboard.refresh')}>
                <ActionIcon
                  variant="default"
                  aria-label={t('dashboard.refresh')}
                  loading={usage.isFetching}
                  onClick={() => usage.refetch()}
                >
                  ↻
                </ActionIcon>
              </Tooltip>
            </Group>
          )
        }
      />
      <FormErrorAlert error={usage.error} />
      {usage.isPending && <Skeleton h={280} radius="md" />}
      {usage.data && (
        <Stack gap="lg">
          <QuotaBanner usage={usage.data} />
          <StatCards
            usage={usage.data}
            keys={keys && { active: keys.items.filter((key) => key.enabled).length, max: keys.maxKeys }}
          />
          <UsageFilters
            filter={{ keyId, projectId }}
            keys={keys?.items ?? []}
            projects={projects}
            usageKeys={usage.data.byKey}
            onChange={onSearch}
          />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <UsageChartCard
                usage={usage.data}
                view={view}
                onViewChange={(next) => onSearch('view', next)}
                empty={
                  isFiltered ? (
                    <Text c="dimmed" py="xl" ta="center">
                      {t('dashboard.usage.emptyFiltered')}
                    </Text>
                  ) : (
                    <FirstCallEmpty />
                  )
                }
                actions={<ExportCsvButton request={{ keyId, projectId, view }} />}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack>
                <FreshnessCard />
                <QuickLinksCard />
                <PlanSummaryCard plan={usage.data.plan.id} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Container>
  );
}
