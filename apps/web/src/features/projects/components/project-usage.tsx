import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocaleFormats } from '#web/lib/format/use-locale-formats.ts';
import type { UsageSummary } from '../api/get-usage-summary.ts';

type ProjectUsageProps = { projectId: string; summary: UsageSummary };

/** This period's requests of one project against the account's monthly quota, and its busiest keys. */
export function ProjectUsage({ projectId, summary }: ProjectUsageProps) {
  const { t } = useTranslation();
  const { number, percent } = useLocaleFormats();
  const used = summary.byProject.find((item) => item.projectId === projectId)?.used ?? 0;
  const share = summary.plan.monthlyQuota > 0 ? used / summary.plan.monthlyQuota : 0;
  const keys = summary.byKey
    .filter((item) => item.projectId === projectId && item.used > 0)
    .sort((a, b) => b.used - a.used);

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {t('projects.usageTitle')}
        </Text>
        <Text size="sm" fw={700}>
          {number.format(used)}
        </Text>
      </Group>
      <Progress value={Math.min(100, share * 100)} size="sm" aria-hidden />
      <Text size="xs" c="dimmed">
        {used === 0
          ? t('projects.usageNone')
          : t('projects.usageShare', {
              percent: percent.format(share),
              quota: number.format(summary.plan.monthlyQuota),
            })}
      </Text>
      {keys.length > 0 && (
        <Stack
          gap={2}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('projects.usageByKey')}
        >
          {keys.map((item) => (
            <Group component="li" key={item.keyId} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" truncate>
                {item.description ?? t('projects.deletedKey')}
                {item.prefix && (
                  <Text span ff="monospace" c="dimmed" size="xs">
                    {' '}
                    {item.prefix}…
                  </Text>
                )}
              </Text>
              <Text size="xs">{number.format(item.used)}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
