import {
  BILLING_CURRENCIES,
  BILLING_CYCLES,
  type BillingCurrency,
  type BillingCycle,
  PLAN_IDS,
  PLANS,
  type PlanId,
} from '@cotacep/shared/plans';
import { Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getLanguageCurrency } from '#web/lib/format/format-money.ts';
import { type CurrentPlan, getPlanAction } from '../lib/get-plan-action.ts';
import { CurrencySwitch } from './currency-switch.tsx';
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
  /**
   * A signed-in customer's currency (decision 027): fixed by their first purchase (no switch then), or
   * the one the switch starts on before it. A visitor's switch starts on the language entry's currency.
   */
  customerCurrency?: { currency: BillingCurrency; isFixed: boolean } | null;
  /** Buy Now or Choose Plan on a card, in the currency shown. */
  onSelect: (planId: PlanId, cycle: BillingCycle, currency: BillingCurrency) => void;
  /** Enterprise's Contact us. */
  onContact: () => void;
  /** Why Buy Now and Choose Plan are disabled (a checkout already open), said under each of them. */
  blockedReason?: string | null;
  /** Alerts about the last choice (a checkout already open…), above the cards. */
  notice?: ReactNode;
};

const isCycle = (value: string | null): value is BillingCycle =>
  (BILLING_CYCLES as readonly string[]).includes(value ?? '');
const isCurrency = (value: string | null): value is BillingCurrency =>
  (BILLING_CURRENCIES as readonly string[]).includes(value ?? '');

/** `/pricing` (spec §2): monthly/yearly toggle and the five plan cards. */
export function PricingPage({
  current,
  isCurrentLoading = false,
  pendingPlanId = null,
  customerCurrency = null,
  onSelect,
  onContact,
  notice,
  blockedReason = null,
}: PricingPageProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('cycle');
  const [cycle, setCycle] = useState<BillingCycle>(isCycle(requested) ? requested : 'monthly');
  // Chosen on the switch (or asked for by the link); until then the customer's, else the language entry's.
  const asked = params.get('currency');
  const [chosen, setChosen] = useState<BillingCurrency | null>(isCurrency(asked) ? asked : null);
  const isFixed = customerCurrency?.isFixed ?? false;
  const currency = isFixed
    ? (customerCurrency?.currency ?? 'BRL')
    : (chosen ?? customerCurrency?.currency ?? getLanguageCurrency(i18n.language));
  const currencyNote = isFixed
    ? t(`pricing.currencyFixed.${currency}`)
    : customerCurrency
      ? `${t(`pricing.currencyNote.${currency}`)} ${t('pricing.currencyFirstPurchase')}`
      : t(`pricing.currencyNote.${currency}`);

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
          <Group justify="center" gap="lg">
            <CycleToggle cycle={cycle} onChange={setCycle} />
            {!isFixed && <CurrencySwitch currency={currency} onChange={setChosen} />}
          </Group>
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
                  disabledReason={blockedReason}
                  onSelect={() => onSelect(plan.id, cycle, currency)}
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
              {currencyNote}
            </Text>
            {currency === 'BRL' && (
              // Issue 27: Pix pays once, so a checkout offers it for a yearly plan only.
              <Text size="sm" c="dimmed">
                {t('pricing.pixNote')}
              </Text>
            )}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
