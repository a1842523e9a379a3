import type { TestManageRequest } from '@cotacep/shared/billing-schemas';
import { type BillingCycle, isPlanUpgrade, type PaidPlanId } from '@cotacep/shared/plans';
import { and, desc, eq, ne } from 'drizzle-orm';
import { invoices } from '#server/db/schema/invoices.ts';
import type { Subscription } from '#server/db/schema/subscriptions.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuditContext } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { isStarted } from '../effective-plan.ts';
import { applyBillingChange, findCurrentSubscription } from '../subscription-state.ts';
import {
  assertNothingElseOpen,
  dropPendingUpgrade,
  findPendingInvoice,
  upgradeSubscription,
} from './pending-upgrade.ts';
import { chargeCard, getCardBehaviour } from './test-cards.ts';
import { reportOf, testEvent } from './test-reports.ts';

/**
 * A change of plan or cycle. An upgrade goes through its payment (`pending-upgrade.ts`); a downgrade, or
 * going back to the current plan, waits for the period's end and refunds nothing. A new choice replaces an
 * upgrade still waiting for its boleto.
 */
async function changePlan(
  billing: Billing,
  current: Subscription,
  target: { planId: PaidPlanId; cycle: BillingCycle },
  now: number,
  context: AuditContext,
) {
  const pending = await findPendingInvoice(billing.db, current);
  // The same upgrade asked for again: its boleto is already issued.
  if (pending && pending.planId === target.planId && pending.cycle === target.cycle) return;
  const isCurrent = target.planId === current.planId && target.cycle === current.cycle;
  if (isCurrent && !current.scheduledPlanId && !current.scheduledCycle && !pending) {
    throw new AppError('AlreadyOnPlan');
  }
  const isUpgrade = !isCurrent && isPlanUpgrade(current, target);
  if (isUpgrade) await assertNothingElseOpen(billing.db, current);
  const subscription = await dropPendingUpgrade(billing, current, now, context);
  if (isUpgrade) return upgradeSubscription(billing, subscription, target, now, context);
  const scheduled = isCurrent
    ? { scheduledPlanId: null, scheduledCycle: null }
    : { scheduledPlanId: target.planId, scheduledCycle: target.cycle };
  await applyBillingChange(
    billing.state,
    testEvent('customer.subscription.updated'),
    { subscription: reportOf(subscription, scheduled, now) },
    context,
  );
}

/** A past-due subscription's open invoice paid with another card: the subscription is active again. */
async function payOpenInvoice(
  billing: Billing,
  subscription: Subscription,
  cardNumber: string,
  now: number,
  context: AuditContext,
) {
  const { db, state } = billing;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.subscriptionId, subscription.id),
        eq(invoices.status, 'open'),
        ne(invoices.id, subscription.pendingInvoiceId ?? ''),
      ),
    )
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  if (!invoice) throw new AppError('InvoiceNotFound');
  const behaviour = getCardBehaviour(cardNumber);
  chargeCard(behaviour, 1);
  const at = new Date(now);
  await applyBillingChange(
    state,
    testEvent('invoice.paid'),
    {
      subscription: reportOf(
        subscription,
        {
          status: 'active',
          paymentMethod: 'card',
          testCardBehaviour: behaviour === 'renewalFails' ? 'renewalFails' : 'success',
        },
        now,
      ),
      invoice: {
        ...invoice,
        provider: 'test',
        status: 'paid',
        paidAt: at,
        paymentMethod: 'card',
        stateAt: at,
      },
    },
    context,
  );
}

/** Test mode's "Manage subscription": change plan or cycle, cancel at the period's end, resume, pay. */
export async function manageTestSubscription(
  billing: Billing,
  organizationId: string,
  request: TestManageRequest,
  context: AuditContext,
) {
  const subscription = await findCurrentSubscription(billing.db, organizationId);
  if (!subscription || !isStarted(subscription)) throw new AppError('SubscriptionNotFound');
  const now = await billing.clock.now(organizationId);
  switch (request.action) {
    case 'pay':
      if (subscription.status !== 'past_due') throw new AppError('InvoiceNotFound');
      return payOpenInvoice(billing, subscription, request.cardNumber, now, context);
    case 'change':
      if (subscription.status === 'past_due') throw new AppError('SubscriptionNotChangeable');
      return changePlan(
        billing,
        subscription,
        { planId: request.planId, cycle: request.cycle },
        now,
        context,
      );
    case 'cancel':
    case 'resume': {
      // A subscription that ends takes no upgrade with it.
      const current =
        request.action === 'cancel'
          ? await dropPendingUpgrade(billing, subscription, now, context)
          : subscription;
      await applyBillingChange(
        billing.state,
        testEvent('customer.subscription.updated'),
        { subscription: reportOf(current, { cancelAtPeriodEnd: request.action === 'cancel' }, now) },
        context,
      );
      return;
    }
  }
}
