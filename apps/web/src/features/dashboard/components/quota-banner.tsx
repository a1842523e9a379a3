import type { Usage } from '@cotacep/shared/usage-schemas';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Warns at 80 % of the quota and again, louder, once it is used up. */
export function QuotaBanner({ usage }: { usage: Usage }) {
  const { t, i18n } = useTranslation();
  const quota = usage.plan.monthlyQuota;
  const ratio = quota > 0 ? usage.used / quota : 0;
  if (ratio < 0.8) return null;
  const isExhausted = ratio >= 1;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(usage.period.resetsAt),
  );
  return (
    <Alert
      color={isExhausted ? 'red' : 'yellow'}
      variant="light"
      radius="md"
      title={t(isExhausted ? 'dashboard.banner.exhaustedTitle' : 'dashboard.banner.nearTitle', {
        percent: Math.floor(ratio * 100),
      })}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {t(isExhausted ? 'dashboard.banner.exhaustedText' : 'dashboard.banner.nearText', { date })}
        </Text>
        <Button component={Link} to="/pricing" size="xs" color={isExhausted ? 'red' : 'yellow'}>
          {t('dashboard.banner.upgrade')}
        </Button>
      </Group>
    </Alert>
  );
}
