import { getPlanPrice } from '@cotacep/shared/plans';
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { type Subscription, subscriptions } from '#server/db/schema/subscriptions.ts';
import type { Billing } from '../billing.ts';
import { addCycle } from '../billing-period.ts';
import { applyBillingChange } from '../subscription-state.ts';
import { BOLETO_DAYS, createBoletoLine } from './boleto.ts';
import { isCardOnFileDeclined } from './test-cards.ts';
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
  const now = await clock.now(subscription.organizationId);
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
  const fails = isCard && isCardOnFileDeclined(subscription);
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, subscription.organizationId));
  const amount = getPlanPrice(planId, cycle, subscription.currency);
  const invoice = await createInvoiceReport(
    db,
    {
      id: `in_test_${periodKey}`,
      organizationId: subscription.organizationId,
      customerId: account?.customerId ?? '',
      subscriptionId: subscription.id,
      planId,
      cycle,
      currency: subscription.currency,
      periodStart: start,
      periodEnd: end,
      status: isCard && !fails ? 'paid' : 'open',
      // Pix pays once (issue 27): a subscription bought with it renews by boleto, which Pix may then pay.
      paymentMethod: isCard ? 'card' : 'boleto',
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

/** Open test boletos whose due date has passed on their account's clock; `pending`: upgrades' only. */
async function findExpiredBoletos(billing: Billing, realNow: number, pending: boolean) {
  const { db, clock } = billing;
  const pendingUpgrades = db
    .select({ id: subscriptions.pendingInvoiceId })
    .from(subscriptions)
    .where(isNotNull(subscriptions.pendingInvoiceId));
  return db
    .select({ id: invoices.id, organizationId: invoices.organizationId })
    .from(invoices)
    .where(
      and(
        eq(invoices.provider, 'test'),
        eq(invoices.status, 'open'),
        isNotNull(invoices.boletoExpiresAt),
        lte(invoices.boletoExpiresAt, clock.timeOf(invoices.organizationId, realNow)),
        pending ? inArray(invoices.id, pendingUpgrades) : undefined,
      ),
    );
}

/**
 * Moves every test subscription through the period ends its account's billing clock has passed. Each
 * account is on its own clock: moving one customer's clock moves nothing of another's.
 */
export async function runTestRenewals(billing: Billing): Promise<void> {
  const { db, clock, state } = billing;
  const realNow = Date.now();
  // Upgrades never paid lapse first: their due date is at the latest the period's end.
  for (const invoice of await findExpiredBoletos(billing, realNow, true)) {
    await settleTestBoleto(billing, invoice.organizationId, invoice.id, 'expired');
  }
  for (let round = 0; round < MAX_RENEWALS; round++) {
    const due = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'test'),
          isNull(subscriptions.endedAt),
          inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
          lte(subscriptions.currentPeriodEnd, clock.timeOf(subscriptions.organizationId, realNow)),
        ),
      );
    if (due.length === 0) break;
    for (const subscription of due) await renewOnce(billing, subscription);
  }
  // Boletos nobody paid before their due date: the bank reports them expired.
  for (const invoice of await findExpiredBoletos(billing, realNow, false)) {
    await settleTestBoleto(billing, invoice.organizationId, invoice.id, 'expired');
  }
  // Past due beyond the grace period: the subscription stops giving its plan (Stripe: unpaid).
  const overdue = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        eq(subscriptions.status, 'past_due'),
        lte(subscriptions.pastDueSince, clock.timeOf(subscriptions.organizationId, realNow - state.graceMs)),
      ),
    );
  for (const subscription of overdue) {
    const now = await clock.now(subscription.organizationId);
    await applyBillingChange(state, testEvent('customer.subscription.updated', `unpaid_${subscription.id}`), {
      subscription: reportOf(subscription, { status: 'unpaid' }, now),
    });
  }
}
