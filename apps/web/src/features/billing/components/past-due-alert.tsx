import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format-date.ts';

type PastDueAlertProps = { graceEndsAt: string | null; isPending: boolean; onFix: () => void };

/** A renewal failed: the plan holds until the grace period ends, then the account falls to Free. */
export function PastDueAlert({ graceEndsAt, isPending, onFix }: PastDueAlertProps) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="red" variant="filled" role="alert" title={t('billing.pastDue.title')}>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="white">
          {graceEndsAt
            ? t('billing.pastDue.text', { date: formatDate(graceEndsAt, i18n.language) })
            : t('billing.pastDue.textNoDate')}
        </Text>
        <Button variant="white" color="red" onClick={onFix} loading={isPending}>
          {t('billing.pastDue.fix')}
        </Button>
      </Group>
    </Alert>
  );
}
