import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, PLANS, type PlanId } from '@cotacep/shared/plans';
import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getLanguageCurrency } from '#web/lib/format/format-money.ts';
import { type CurrentPlan, getPlanAction } from '../lib/get-plan-action.ts';
import { CycleToggle } from './cycle-toggle.tsx';
import { PlanCard } from './plan-card.tsx';
import classes from './pricing.module.css';

const POPULAR_PLAN: PlanId = 'pro';
/**
 * The catalogue is the shared package's, the one `GET <API_URL>/plans` serves: the cards paint with the
 * page, no round trip first (only PLAN_QUOTAS, outside production, makes the server's quotas differ).
 */
const CATALOGUE = PLAN_IDS.map((id) => PLANS[id]);

type PricingPageProps = {
  /** Null for a visitor; a signed-in customer's plan and cycle (from `GET billing`). */
  current: CurrentPlan | null;
  /** The customer's plan is still loading: paid buttons wait for it. */
  isCurrentLoading?: boolean;
  /** The plan whose checkout is starting. */
  pendingPlanId?: PlanId | null;
  /** Buy Now or Choose Plan on a card. */
  onSelect: (planId: PlanId, cycle: BillingCycle) => void;
  /** Enterprise's Contact us. */
  onContact: () => void;
  /** Alerts about the last choice (a checkout already open…), above the cards. */
  notice?: ReactNode;
};

const isCycle = (value: string | null): value is BillingCycle =>
  (BILLING_CYCLES as readonly string[]).includes(value ?? '');

/** `/pricing` (spec §2): monthly/yearly toggle and the five plan cards. */
export function PricingPage({
  current,
  isCurrentLoading = false,
  pendingPlanId = null,
  onSelect,
  onContact,
  notice,
}: PricingPageProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('cycle');
  const [cycle, setCycle] = useState<BillingCycle>(isCycle(requested) ? requested : 'monthly');
  const currency = getLanguageCurrency(i18n.language);

  return (
    <Box className={classes.hero}>
      <Container size="xl" py={{ base: 'xl', sm: 56 }}>
        <Stack gap="xl">
          <Stack gap="xs" ta="center" align="center">
            <Title order={1} fz={{ base: 28, sm: 40 }}>
              {t('pricing.title')}
            </Title>
            <Text c="dimmed" maw={640}>
              {t('pricing.subtitle')}
            </Text>
          </Stack>
          <CycleToggle cycle={cycle} onChange={setCycle} />
          {notice}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }} spacing="md">
            {CATALOGUE.map((plan) => {
              const action = getPlanAction(plan.id, cycle, current);
              return (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  cycle={cycle}
                  currency={currency}
                  action={action}
                  isPopular={plan.id === POPULAR_PLAN}
                  isPending={pendingPlanId === plan.id}
                  isDisabled={isCurrentLoading || (pendingPlanId !== null && pendingPlanId !== plan.id)}
                  onSelect={() => onSelect(plan.id, cycle)}
                  onContact={onContact}
                />
              );
            })}
          </SimpleGrid>
          <Stack gap={4} ta="center" align="center">
            <Text size="sm" c="dimmed" maw={720}>
              {t('pricing.quotaNote')}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`pricing.currencyNote.${currency}`)}
            </Text>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
