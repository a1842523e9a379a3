import { getPlanPrice } from '@cotacep/shared/plans';
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { type Subscription, subscriptions } from '#server/db/schema/subscriptions.ts';
import type { Billing } from '../billing.ts';
import { addCycle } from '../billing-period.ts';
import { applyBillingChange } from '../subscription-state.ts';
import { BOLETO_DAYS, createBoletoLine } from './boleto.ts';
import { settleTestBoleto } from './test-checkout.ts';
import { createInvoiceReport, reportOf, testEvent } from './test-reports.ts';

/** Most periods one subscription is moved through in one sweep (a clock moved a year ahead: 12). */
const MAX_RENEWALS = 24;

/**
 * One period end of a test subscription, as Stripe's billing would do it: a cancelled subscription ends;
 * otherwise the scheduled change applies and the next period is invoiced: a good card pays, the
 * "renewal fails" card leaves the invoice open and the subscription past_due, a boleto issues a new one.
 * The event ids are the period's, so two instances sweeping together apply each renewal once.
 */
async function renewOnce(billing: Billing, subscription: Subscription): Promise<void> {
  const { db, state, clock } = billing;
  const now = clock.now();
  const start = subscription.currentPeriodEnd;
  const periodKey = `${subscription.id}_${start.getTime()}`;
  if (subscription.cancelAtPeriodEnd || subscription.status === 'past_due') {
    // A cancelled subscription ends; one still unpaid at its next period end stops renewing (Stripe: unpaid).
    const ends = subscription.cancelAtPeriodEnd;
    await applyBillingChange(
      state,
      testEvent(ends ? 'customer.subscription.deleted' : 'customer.subscription.updated', `end_${periodKey}`),
      {
        subscription: reportOf(
          subscription,
          ends ? { status: 'canceled', endedAt: start } : { status: 'unpaid' },
          now,
        ),
      },
    );
    return;
  }
  const planId = subscription.scheduledPlanId ?? subscription.planId;
  const cycle = subscription.scheduledCycle ?? subscription.cycle;
  const end = addCycle(start, cycle);
  const isCard = subscription.paymentMethod === 'card';
  const fails = isCard && subscription.testCardBehaviour === 'renewalFails';
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, subscription.userId));
  const amount = getPlanPrice(planId, cycle, subscription.currency);
  const invoice = await createInvoiceReport(
    db,
    {
      id: `in_test_${periodKey}`,
      userId: subscription.userId,
      customerId: account?.customerId ?? '',
      subscriptionId: subscription.id,
      planId,
      cycle,
      currency: subscription.currency,
      periodStart: start,
      periodEnd: end,
      status: isCard && !fails ? 'paid' : 'open',
      paymentMethod: subscription.paymentMethod,
      amount,
      boleto: isCard
        ? null
        : { line: createBoletoLine(amount), expiresAt: new Date(now + BOLETO_DAYS * 86_400_000) },
    },
    now,
  );
  await applyBillingChange(
    state,
    testEvent(fails ? 'invoice.payment_failed' : 'invoice.created', `renewal_${periodKey}`),
    {
      subscription: reportOf(
        subscription,
        {
          planId,
          cycle,
          currentPeriodStart: start,
          currentPeriodEnd: end,
          scheduledPlanId: null,
          scheduledCycle: null,
          status: fails ? 'past_due' : subscription.status,
        },
        now,
      ),
      invoice,
    },
  );
}

/** Moves every test subscription through the period ends the billing clock has passed. */
export async function runTestRenewals(billing: Billing): Promise<void> {
  const { db, clock, state } = billing;
  const now = new Date(clock.now());
  for (let round = 0; round < MAX_RENEWALS; round++) {
    const due = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'test'),
          isNull(subscriptions.endedAt),
          inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      );
    if (due.length === 0) break;
    for (const subscription of due) await renewOnce(billing, subscription);
  }
  // Boletos nobody paid before their due date: the bank reports them expired.
  const expired = await db
    .select({ id: invoices.id, userId: invoices.userId })
    .from(invoices)
    .where(
      and(
        eq(invoices.provider, 'test'),
        eq(invoices.status, 'open'),
        isNotNull(invoices.boletoExpiresAt),
        lte(invoices.boletoExpiresAt, now),
      ),
    );
  for (const invoice of expired) await settleTestBoleto(billing, invoice.userId, invoice.id, 'expired');
  // Past due beyond the grace period: the subscription stops giving its plan (Stripe: unpaid).
  const graceStart = new Date(now.getTime() - state.graceMs);
  const overdue = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        eq(subscriptions.status, 'past_due'),
        lte(subscriptions.pastDueSince, graceStart),
      ),
    );
  for (const subscription of overdue) {
    await applyBillingChange(state, testEvent('customer.subscription.updated', `unpaid_${subscription.id}`), {
      subscription: reportOf(subscription, { status: 'unpaid' }, now.getTime()),
    });
  }
}
