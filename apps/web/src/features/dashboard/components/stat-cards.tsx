import type { Usage } from '@cotacep/shared/usage-schemas';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatCard } from '#web/components/stat-card.tsx';
import { useLocaleFormats } from '#web/lib/format/use-locale-formats.ts';
import classes from './stat-cards.module.css';

type StatCardsProps = {
  usage: Usage;
  /** Enabled keys and the plan's limit, from the keys list; absent while it loads. */
  keys?: { active: number; max: number };
};

/** "Am I OK?" at a glance: today, this period, what is left, errors and keys. */
export function StatCards({ usage, keys }: StatCardsProps) {
  const { t } = useTranslation();
  const { number, percent, date } = useLocaleFormats();
  // Until the server reports the last 24 hours, count them as none.
  const last24h = usage.last24h ?? { total: 0, clientErrors: 0, serverErrors: 0 };
  const rate = (count: number) => (last24h.total > 0 ? percent.format(count / last24h.total) : '—');

  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <StatCard label={t('dashboard.cards.today')} value={number.format(usage.days.at(-1)?.total ?? 0)} />
      <StatCard
        label={t('dashboard.cards.period')}
        value={number.format(usage.used)}
        hint={
          <>
            {t('dashboard.cards.ofQuota', { quota: number.format(usage.plan.monthlyQuota) })}
            {/* Issue 26: extra requests staff granted for this period, already inside the quota above. */}
            {usage.extraQuota > 0 && (
              <Text span display="block" inherit>
                {t('dashboard.cards.extraQuota', { extra: number.format(usage.extraQuota) })}
              </Text>
            )}
          </>
        }
      />
      <StatCard
        label={t('dashboard.cards.remaining')}
        value={number.format(usage.remaining)}
        hint={t('dashboard.cards.resets', { date: date.format(new Date(usage.period.resetsAt)) })}
      />
      <StatCard
        label={t('dashboard.cards.errors')}
        value={
          <Stack gap={0} fz={{ base: 18, sm: 20 }}>
            <Text span inherit c={last24h.clientErrors > 0 ? 'orange.8' : undefined}>
              {t('dashboard.cards.clientErrors', { value: rate(last24h.clientErrors) })}
            </Text>
            <Text span inherit c={last24h.serverErrors > 0 ? 'red.8' : undefined}>
              {t('dashboard.cards.serverErrors', { value: rate(last24h.serverErrors) })}
            </Text>
          </Stack>
        }
        hint={t('dashboard.cards.errorsHint', { count: last24h.total, total: number.format(last24h.total) })}
      />
      <StatCard
        className={classes.last}
        label={t('dashboard.cards.keys')}
        value={keys ? t('dashboard.cards.keysValue', { active: keys.active, max: keys.max }) : '—'}
        hint={t('dashboard.cards.keysHint')}
      />
    </SimpleGrid>
  );
}
