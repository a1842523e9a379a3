import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import {
  BILLING_CYCLES,
  type BillingCycle,
  getPlanPrice,
  isPaidPlanId,
  isPlanUpgrade,
  PAID_PLAN_IDS,
  type PaidPlanId,
} from '@cotacep/shared/plans';
import { Button, Group, Input, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { SegmentedChoice } from '#web/components/segmented-choice/segmented-choice.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { useManageTestSubscription } from '../api/manage-test-subscription.ts';
import { formatDate } from '../lib/format-date.ts';

type Subscription = NonNullable<BillingSummary['subscription']>;
type ChangePlanSectionProps = { subscription: Subscription; onChanged: () => void };

const isCycle = (value: string | null): value is BillingCycle =>
  (BILLING_CYCLES as readonly string[]).includes(value ?? '');

/** Another plan or cycle: an upgrade applies now, anything else at the period's end. `?plan=&cycle=` pre-selects. */
export function ChangePlanSection({ subscription, onChanged }: ChangePlanSectionProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const requestedPlan = params.get('plan');
  const requestedCycle = params.get('cycle');
  const [planId, setPlanId] = useState<PaidPlanId>(
    isPaidPlanId(requestedPlan) ? requestedPlan : subscription.planId,
  );
  const [cycle, setCycle] = useState<BillingCycle>(
    isCycle(requestedCycle) ? requestedCycle : subscription.cycle,
  );
  const isSame = planId === subscription.planId && cycle === subscription.cycle;
  // Choosing the current plan again drops a change scheduled for the period's end.
  const isUnchanged = isSame && !subscription.scheduledChange;
  const isUpgrade = isPlanUpgrade(subscription, { planId, cycle });
  const price = (plan: PaidPlanId, each: BillingCycle) =>
    formatMoney(getPlanPrice(plan, each, subscription.currency), subscription.currency, i18n.language);

  const effect = () => {
    if (isUnchanged) return t('billing.manage.sameAsNow');
    if (isSame) return t('billing.manage.dropsScheduled');
    if (isUpgrade) return t('billing.manage.appliesNow');
    return t('billing.manage.takesEffectOn', {
      date: formatDate(subscription.currentPeriodEnd, i18n.language),
    });
  };
  const doneMessage = () => {
    if (isUpgrade) return t('billing.manage.changedNow');
    return t(isSame ? 'billing.manage.scheduledDropped' : 'billing.manage.changeScheduled');
  };
  const manage = useManageTestSubscription({
    onSuccess: () => {
      notifySuccess(doneMessage());
      onChanged();
    },
  });
  const onConfirm = () => manage.mutate({ action: 'change', planId, cycle });

  return (
    <SettingsSection title={t('billing.manage.changeTitle')} description={t('billing.manage.changeText')}>
      <Stack>
        <FormErrorAlert error={manage.error} />
        <Group align="flex-end" gap="md">
          <NativeSelect
            label={t('billing.manage.plan')}
            value={planId}
            onChange={(event) =>
              isPaidPlanId(event.currentTarget.value) && setPlanId(event.currentTarget.value)
            }
            data={PAID_PLAN_IDS.map((id) => ({
              value: id,
              label: `${t(`plans.${id}`)} · ${price(id, cycle)}${t(`billing.per.${cycle}`)}`,
            }))}
            miw={220}
          />
          <Stack gap={4}>
            <Input.Label id="manage-cycle-label">{t('billing.manage.cycle')}</Input.Label>
            <SegmentedChoice
              aria-labelledby="manage-cycle-label"
              value={cycle}
              onChange={setCycle}
              data={BILLING_CYCLES.map((value) => ({ value, label: t(`billing.cycle.${value}`) }))}
            />
          </Stack>
        </Group>
        <Text size="sm" c={isUnchanged ? 'dimmed' : undefined} role="status">
          {effect()}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onConfirm} disabled={isUnchanged} loading={manage.isPending}>
            {t('billing.manage.confirmChange')}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
