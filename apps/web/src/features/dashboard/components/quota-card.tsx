import type { Usage } from '@cotacep/shared/usage-schemas';
import { Card, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Used versus remaining quota of the current period. */
export function QuotaCard({ usage }: { usage: Usage }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const quota = usage.plan.monthlyQuota;
  const usedPercent = quota > 0 ? Math.min(100, (usage.used / quota) * 100) : 0;
  const resetsAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(usage.period.resetsAt),
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('dashboard.quota.title')}
      </Title>
      <Group wrap="nowrap" gap="lg">
        <RingProgress
          size={110}
          thickness={12}
          roundCaps={usedPercent > 0}
          sections={[{ value: usedPercent, color: usedPercent >= 90 ? 'red' : 'brand' }]}
          label={
            <Text ta="center" fw={700} size="sm">
              {Math.round(usedPercent)}%
            </Text>
          }
        />
        <Stack gap={4}>
          <Text size="sm">{t('dashboard.quota.used', { value: number.format(usage.used) })}</Text>
          <Text size="sm">{t('dashboard.quota.remaining', { value: number.format(usage.remaining) })}</Text>
          <Text size="xs" c="dimmed">
            {t('dashboard.quota.resets', { date: resetsAt })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
