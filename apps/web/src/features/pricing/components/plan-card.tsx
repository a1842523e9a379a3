import {
  type BillingCurrency,
  type BillingCycle,
  CURRENCY_COUNT_LABEL,
  type Plan,
} from '@cotacep/shared/plans';
import { Badge, Card, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '#web/components/icons.tsx';
import { getCardPrice } from '../lib/get-card-price.ts';
import type { PlanAction } from '../lib/get-plan-action.ts';
import { PlanActionButton } from './plan-action-button.tsx';
import { PlanPrice } from './plan-price.tsx';
import classes from './pricing.module.css';

/** One formatter per language for every card's figures: building one costs far more than using it. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function formatNumber(value: number, language: string): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
}

type PlanCardProps = {
  plan: Plan;
  cycle: BillingCycle;
  currency: BillingCurrency;
  action: PlanAction;
  isPopular: boolean;
  isPending: boolean;
  isDisabled: boolean;
  disabledReason?: string | null;
  onSelect: () => void;
  onContact: () => void;
};

export function PlanCard({ plan, cycle, currency, action, isPopular, ...button }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const titleId = `plan-${plan.id}`;
  // Enterprise's limits are a contract's: its card promises volume, not the default figures.
  const limits =
    plan.monthlyPrice === null
      ? [t('pricing.limits.custom'), t('pricing.limits.customRate')]
      : [
          t('pricing.limits.quota', { value: number(plan.monthlyQuota) }),
          t('pricing.limits.rate', { value: number(plan.ratePerMinute) }),
          t('pricing.limits.keys', { value: number(plan.maxKeys) }),
          t('pricing.limits.projects', { count: plan.maxProjects }),
        ];

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="lg"
      className={isPopular ? `${classes.card} ${classes.popular}` : classes.card}
    >
      <Stack gap="md" h="100%">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Title order={2} fz="xl" id={titleId}>
              {t(`plans.${plan.id}`)}
            </Title>
            {isPopular && (
              <Badge size="sm" variant="filled" style={{ textTransform: 'none' }}>
                {t('pricing.popular')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mih={{ base: 0, sm: 40 }}>
            {t(`pricing.taglines.${plan.id}`)}
          </Text>
        </Stack>
        <PlanPrice price={getCardPrice(plan, cycle, currency)} cycle={cycle} currency={currency} />
        <PlanActionButton action={action} isHighlighted={isPopular || action === 'buy'} {...button} />
        <Divider />
        <List
          size="sm"
          spacing={8}
          lh={1.35}
          icon={
            <Text c="brand.7" component="span" display="flex">
              <CheckIcon size={16} />
            </Text>
          }
        >
          {limits.map((limit) => (
            <List.Item key={limit}>{limit}</List.Item>
          ))}
          {plan.features.map((feature) => (
            <List.Item key={feature}>
              {t(`plans.features.${feature}`, { currencies: CURRENCY_COUNT_LABEL })}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
