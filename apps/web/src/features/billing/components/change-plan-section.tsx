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

/**
 * Another plan or cycle: an upgrade applies once paid (by card at once, by boleto when the bank says so),
 * anything else at the period's end. `?plan=&cycle=` pre-selects.
 */
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
  const pending = subscription.pendingChange;
  const isSame = planId === subscription.planId && cycle === subscription.cycle;
  // Choosing the current plan again drops a change scheduled for the period's end or awaiting payment.
  const isUnchanged = isSame && !subscription.scheduledChange && !pending;
  const isAwaiting = pending?.planId === planId && pending.cycle === cycle;
  const isUpgrade = isPlanUpgrade(subscription, { planId, cycle });
  const waitsForBoleto = isUpgrade && subscription.paymentMethod === 'boleto';
  const price = (plan: PaidPlanId, each: BillingCycle) =>
    formatMoney(getPlanPrice(plan, each, subscription.currency), subscription.currency, i18n.language);

  const endDate = formatDate(subscription.currentPeriodEnd, i18n.language);
  const effect = () => {
    if (isUnchanged) return t('billing.manage.sameAsNow');
    if (isAwaiting) return t('billing.manage.awaitingPayment');
    if (isSame) return t(pending ? 'billing.manage.dropsPending' : 'billing.manage.dropsScheduled');
    if (waitsForBoleto) return t('billing.manage.appliesWhenPaid');
    if (isUpgrade) return t('billing.manage.appliesNow');
    return t('billing.manage.takesEffectOn', { date: endDate });
  };
  const chosen = { plan: t(`plans.${planId}`), cycle: t(`billing.cycle.${cycle}`) };
  // The button and the notice after it say when the change takes effect, as the line above them does.
  const confirmLabel = () => {
    if (isSame || waitsForBoleto) return t('billing.manage.confirmChange');
    return isUpgrade ? t('billing.manage.confirmNow') : t('billing.manage.confirmOn', { date: endDate });
  };
  const doneMessage = (after: BillingSummary) => {
    if (after.subscription?.pendingChange) return t('billing.manage.boletoIssued');
    if (isUpgrade) return t('billing.manage.changedNow', chosen);
    if (isSame && pending) return t('billing.manage.pendingDropped');
    if (isSame) return t('billing.manage.scheduledDropped');
    return t('billing.manage.changeScheduled', { ...chosen, date: endDate });
  };
  const manage = useManageTestSubscription({
    onSuccess: (after) => {
      notifySuccess(doneMessage(after));
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
        <Text size="sm" c={isUnchanged || isAwaiting ? 'dimmed' : undefined} role="status">
          {effect()}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onConfirm} disabled={isUnchanged || isAwaiting} loading={manage.isPending}>
            {confirmLabel()}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
