import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../lib/use-format-date.ts';

type FactorDatesProps = { createdAt: string; lastUsedAt: string | null };

/** "Added 12 Jan 2026, last used 3 Feb 2026" (or "not used yet"). */
export function FactorDates({ createdAt, lastUsedAt }: FactorDatesProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Text size="xs" c="dimmed">
      {t('account.security.added', { date: formatDate(createdAt) })},{' '}
      {lastUsedAt
        ? t('account.security.factorLastUsed', { date: formatDate(lastUsedAt) })
        : t('account.security.neverUsed')}
    </Text>
  );
}

type FactorStatusProps = {
  isOn: boolean;
  /** What "off" reads as ("Not set up"). */
  offLabel: string;
  createdAt: string | null;
  lastUsedAt: string | null;
};

/** A factor's state in words as well as colour, and its dates when it is on. */
export function FactorStatus({ isOn, offLabel, createdAt, lastUsedAt }: FactorStatusProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={isOn ? 'teal' : 'gray'} variant="light" tt="none">
        {isOn ? t('account.security.on') : offLabel}
      </Badge>
      {isOn && createdAt && <FactorDates createdAt={createdAt} lastUsedAt={lastUsedAt} />}
    </Group>
  );
}
