import type { TestManageRequest } from '@cotacep/shared/billing-schemas';
import { type BillingCycle, getPlanPrice, isPlanUpgrade, type PaidPlanId } from '@cotacep/shared/plans';
import { and, desc, eq } from 'drizzle-orm';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import type { Subscription } from '#server/db/schema/subscriptions.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Billing } from '../billing.ts';
import { addCycle } from '../billing-period.ts';
import { isStarted } from '../effective-plan.ts';
import { applyBillingChange, findCurrentSubscription } from '../subscription-state.ts';
import { chargeCard, getCardBehaviour } from './test-cards.ts';
import { createInvoiceReport, reportOf, testEvent } from './test-reports.ts';

/** What is left of the period already paid, in cents, credited against an upgrade (Stripe's proration). */
function unusedCredit(subscription: Subscription, now: number): number {
  const start = subscription.currentPeriodStart.getTime();
  const end = subscription.currentPeriodEnd.getTime();
  const paid = getPlanPrice(subscription.planId, subscription.cycle, subscription.currency);
  return Math.round((paid * Math.max(0, end - now)) / (end - start));
}

async function changePlan(
  billing: Billing,
  subscription: Subscription,
  planId: PaidPlanId,
  cycle: BillingCycle,
) {
  const { db, state, clock } = billing;
  const now = clock.now();
  const isCurrent = planId === subscription.planId && cycle === subscription.cycle;
  if (isCurrent && !subscription.scheduledPlanId && !subscription.scheduledCycle) {
    throw new AppError('AlreadyOnPlan');
  }
  if (isCurrent || !isPlanUpgrade(subscription, { planId, cycle })) {
    // A downgrade (or going back to the current plan) waits for the period's end: nothing is refunded.
    const scheduled = isCurrent
      ? { scheduledPlanId: null, scheduledCycle: null }
      : { scheduledPlanId: planId, scheduledCycle: cycle };
    await applyBillingChange(state, testEvent('customer.subscription.updated'), {
      subscription: reportOf(subscription, scheduled, now),
    });
    return;
  }
  // An upgrade applies at once: a new period starts now and the unused part of the old one is credited.
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, subscription.userId));
  const start = new Date(now);
  const end = addCycle(start, cycle);
  const amount = Math.max(
    0,
    getPlanPrice(planId, cycle, subscription.currency) - unusedCredit(subscription, now),
  );
  const invoice = await createInvoiceReport(
    db,
    {
      userId: subscription.userId,
      customerId: account?.customerId ?? '',
      subscriptionId: subscription.id,
      planId,
      cycle,
      currency: subscription.currency,
      periodStart: start,
      periodEnd: end,
      status: subscription.paymentMethod === 'card' ? 'paid' : 'open',
      paymentMethod: subscription.paymentMethod,
      amount,
    },
    now,
  );
  await applyBillingChange(state, testEvent('customer.subscription.updated'), {
    subscription: reportOf(
      subscription,
      {
        planId,
        cycle,
        currentPeriodStart: start,
        currentPeriodEnd: end,
        scheduledPlanId: null,
        scheduledCycle: null,
        cancelAtPeriodEnd: false,
      },
      now,
    ),
    invoice,
  });
}

/** A past-due subscription's open invoice paid with another card: the subscription is active again. */
async function payOpenInvoice(billing: Billing, subscription: Subscription, cardNumber: string) {
  const { db, state, clock } = billing;
  const now = clock.now();
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscription.id), eq(invoices.status, 'open')))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  if (!invoice) throw new AppError('InvoiceNotFound');
  const behaviour = getCardBehaviour(cardNumber);
  chargeCard(behaviour, 1);
  const at = new Date(now);
  await applyBillingChange(state, testEvent('invoice.paid'), {
    subscription: reportOf(
      subscription,
      {
        status: 'active',
        paymentMethod: 'card',
        testCardBehaviour: behaviour === 'renewalFails' ? 'renewalFails' : 'success',
      },
      now,
    ),
    invoice: { ...invoice, provider: 'test', status: 'paid', paidAt: at, paymentMethod: 'card', stateAt: at },
  });
}

/** Test mode's "Manage subscription": change plan or cycle, cancel at the period's end, resume, pay. */
export async function manageTestSubscription(billing: Billing, userId: string, request: TestManageRequest) {
  const subscription = await findCurrentSubscription(billing.db, userId);
  if (!subscription || !isStarted(subscription)) throw new AppError('SubscriptionNotFound');
  const now = billing.clock.now();
  switch (request.action) {
    case 'pay':
      if (subscription.status !== 'past_due') throw new AppError('InvoiceNotFound');
      return payOpenInvoice(billing, subscription, request.cardNumber);
    case 'change':
      if (subscription.status === 'past_due') throw new AppError('SubscriptionNotChangeable');
      return changePlan(billing, subscription, request.planId, request.cycle);
    case 'cancel':
    case 'resume':
      await applyBillingChange(billing.state, testEvent('customer.subscription.updated'), {
        subscription: reportOf(subscription, { cancelAtPeriodEnd: request.action === 'cancel' }, now),
      });
      return;
  }
}
