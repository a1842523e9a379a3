import type { AdminCustomer } from '@cotacep/shared/admin-schemas';
import { List, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocaleFormats } from '#web/lib/format/use-locale-formats.ts';
import { SectionCard } from './section-card.tsx';

/** This period's quota: the plan's, what staff granted on top (with why), and how much is used. */
export function QuotaSection({ customer }: { customer: AdminCustomer }) {
  const { t } = useTranslation();
  const { number, percent, date } = useLocaleFormats();
  const { quota, grants } = customer;
  const ratio = quota.usedRatio;
  const color = ratio >= 1 ? 'red.8' : ratio >= 0.8 ? 'orange.7' : 'brand.6';
  const figures = [
    { label: t('admin.quota.plan'), value: quota.planQuota },
    { label: t('admin.quota.granted'), value: quota.granted },
    { label: t('admin.quota.limit'), value: quota.limit },
    { label: t('admin.quota.used'), value: quota.used },
  ];
  return (
    <SectionCard title={t('admin.quota.title', { period: quota.period })}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {figures.map((figure) => (
            <div key={figure.label}>
              <Text size="xs" c="dimmed">
                {figure.label}
              </Text>
              <Text fw={700}>{number.format(figure.value)}</Text>
            </div>
          ))}
        </SimpleGrid>
        <Progress
          value={Math.min(100, ratio * 100)}
          color={color}
          aria-label={t('admin.quota.usedLabel', { value: percent.format(ratio) })}
        />
        <Text size="sm">{t('admin.quota.usedLabel', { value: percent.format(ratio) })}</Text>
        {grants.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {t('admin.quota.grants')}
            </Text>
            <List size="sm" spacing={4}>
              {grants.map((grant) => (
                <List.Item key={grant.id}>
                  {t('admin.quota.grant', {
                    extra: number.format(grant.extraRequests),
                    date: date.format(new Date(grant.createdAt)),
                    by: grant.grantedBy?.name ?? t('admin.trail.formerStaff'),
                    reason: grant.reason,
                  })}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
