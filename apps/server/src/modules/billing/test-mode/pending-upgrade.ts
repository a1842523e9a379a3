import { type BillingCycle, getPlanPrice, type PaidPlanId } from '@cotacep/shared/plans';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { type InvoiceRow, invoices } from '#server/db/schema/invoices.ts';
import type { Subscription } from '#server/db/schema/subscriptions.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuditContext } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { addCycle } from '../billing-period.ts';
import { applyBillingChange, type SubscriptionReport } from '../subscription-state.ts';
import { BOLETO_DAYS, createBoletoLine } from './boleto.ts';
import { isCardOnFileDeclined } from './test-cards.ts';
import { createInvoiceReport, reportOf, testEvent } from './test-reports.ts';

/** What is left of the period already paid, in cents, credited against an upgrade (Stripe's proration). */
function unusedCredit(subscription: Subscription, now: number): number {
  const start = subscription.currentPeriodStart.getTime();
  const end = subscription.currentPeriodEnd.getTime();
  const paid = getPlanPrice(subscription.planId, subscription.cycle, subscription.currency);
  return Math.round((paid * Math.max(0, end - now)) / (end - start));
}

/** The subscription once an upgrade's invoice is paid: the plan, cycle and period that invoice bills. */
export function upgradeFrom(
  invoice: Pick<InvoiceRow, 'planId' | 'cycle' | 'periodStart' | 'periodEnd'>,
): Partial<SubscriptionReport> {
  return {
    planId: invoice.planId,
    cycle: invoice.cycle,
    currentPeriodStart: invoice.periodStart,
    currentPeriodEnd: invoice.periodEnd,
    scheduledPlanId: null,
    scheduledCycle: null,
    cancelAtPeriodEnd: false,
  };
}

/** The invoice an upgrade waits for, while it is still open. */
export async function findPendingInvoice(db: Db, subscription: Subscription): Promise<InvoiceRow | null> {
  if (!subscription.pendingInvoiceId) return null;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, subscription.pendingInvoiceId), eq(invoices.status, 'open')));
  return invoice ?? null;
}

/** Drops an upgrade still waiting for its payment (Stripe: the pending update is discarded); its boleto is voided. */
export async function dropPendingUpgrade(
  billing: Billing,
  subscription: Subscription,
  now: number,
  context: AuditContext,
): Promise<Subscription> {
  if (!subscription.pendingInvoiceId) return subscription;
  const invoice = await findPendingInvoice(billing.db, subscription);
  const at = new Date(now);
  await applyBillingChange(
    billing.state,
    testEvent('customer.subscription.updated'),
    {
      subscription: reportOf(subscription, { pendingInvoiceId: null }, now),
      ...(invoice ? { invoice: { ...invoice, provider: 'test', status: 'void', stateAt: at } } : {}),
    },
    context,
  );
  return { ...subscription, pendingInvoiceId: null };
}

/**
 * An upgrade, as Stripe's `payment_behavior: 'pending_if_incomplete'` makes it: the new plan starts a new
 * period now and the unused part of the old one is credited, but only once the prorated invoice is paid.
 * The card on file is charged at once (a decline changes nothing); a boleto leaves the invoice open and
 * the upgrade pending, the current plan and its limits in place, until the bank says paid. Unpaid, the
 * change lapses at the boleto's due date, which never passes the current period's end.
 */
export async function upgradeSubscription(
  billing: Billing,
  subscription: Subscription,
  target: { planId: PaidPlanId; cycle: BillingCycle },
  now: number,
  context: AuditContext,
): Promise<void> {
  const { db, state } = billing;
  const isCard = subscription.paymentMethod === 'card';
  const amount = Math.max(
    0,
    getPlanPrice(target.planId, target.cycle, subscription.currency) - unusedCredit(subscription, now),
  );
  const isPaidNow = isCard || amount === 0;
  // The card on file, charged without the customer: the "renewal fails" card declines it too.
  if (isCard && amount > 0 && isCardOnFileDeclined(subscription)) throw new AppError('CardDeclined');
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, subscription.organizationId));
  const start = new Date(now);
  const dueAt = Math.min(now + BOLETO_DAYS * 86_400_000, subscription.currentPeriodEnd.getTime());
  const invoice = await createInvoiceReport(
    db,
    {
      organizationId: subscription.organizationId,
      customerId: account?.customerId ?? '',
      subscriptionId: subscription.id,
      ...target,
      currency: subscription.currency,
      periodStart: start,
      periodEnd: addCycle(start, target.cycle),
      status: isPaidNow ? 'paid' : 'open',
      // A subscription bought with Pix is upgraded by boleto (Pix pays once; the boleto's invoice may take one).
      paymentMethod: isCard ? 'card' : 'boleto',
      amount,
      boleto: isPaidNow ? null : { line: createBoletoLine(amount), expiresAt: new Date(dueAt) },
    },
    now,
  );
  const change = isPaidNow ? upgradeFrom(invoice) : { pendingInvoiceId: invoice.id };
  await applyBillingChange(
    state,
    testEvent('customer.subscription.updated'),
    { subscription: reportOf(subscription, change, now), invoice },
    context,
  );
}

/** An upgrade waits for no other open invoice: a renewal's boleto is settled first. */
export async function assertNothingElseOpen(db: Db, subscription: Subscription): Promise<void> {
  const open = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscription.id), eq(invoices.status, 'open')));
  if (open.some(({ id }) => id !== subscription.pendingInvoiceId)) {
    throw new AppError('SubscriptionNotChangeable');
  }
}
