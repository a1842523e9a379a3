import type { BillingCurrency, BillingCycle } from '@cotacep/shared/plans';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#web/lib/format/format-money.ts';
import type { CardPrice } from '../lib/get-card-price.ts';

type PlanPriceProps = { price: CardPrice | null; cycle: BillingCycle; currency: BillingCurrency };

/** The charge per cycle; yearly adds its monthly equivalent and the saving. */
export function PlanPrice({ price, cycle, currency }: PlanPriceProps) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language, { dropsZeroCents: true });

  if (!price) {
    return (
      <Stack gap={4} mih={{ base: 0, sm: 84 }}>
        <Text fz={28} fw={800} lh={1.2}>
          {t('pricing.customPrice')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('pricing.customPriceNote')}
        </Text>
      </Stack>
    );
  }
  const isFree = price.amount === 0;
  return (
    <Stack gap={4} mih={{ base: 0, sm: 84 }}>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text fz={32} fw={800} lh={1.1} style={{ whiteSpace: 'nowrap' }}>
          {money(price.amount)}
        </Text>
        <Text size="sm" c="dimmed">
          {isFree ? t('pricing.forever') : t(`pricing.per.${cycle}`)}
        </Text>
      </Group>
      {cycle === 'yearly' && !isFree && (
        <>
          <Text size="sm" c="dimmed">
            {t('pricing.perMonthEquivalent', { price: money(price.perMonth) })}
          </Text>
          <Badge color="green" variant="light" style={{ textTransform: 'none' }}>
            {t('pricing.saving', { amount: money(price.saving) })}
          </Badge>
        </>
      )}
    </Stack>
  );
}
