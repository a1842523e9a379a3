import type { PaymentMethod } from '@cotacep/shared/billing-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import type { InvoiceRow } from '#server/db/schema/invoices.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Billing } from '../billing.ts';
import { applyBillingChange } from '../subscription-state.ts';
import { upgradeFrom } from './pending-upgrade.ts';
import { reportOf, testEvent } from './test-reports.ts';

/**
 * What the bank said of an open invoice: paid (by the invoice's boleto, or by a Pix), or expired. A checkout
 * waiting for an expired boleto is over; one whose Pix expired opens again, so the customer may pay by
 * another method or ask for a new code (as Stripe Checkout does when a Pix PaymentIntent expires).
 */
export type Settlement =
  | { outcome: 'paid'; paidWith: PaymentMethod }
  | { outcome: 'expired'; checkoutAfter: 'expired' | 'open' };

/**
 * Settles a test invoice: paid starts (or restores) the subscription; expired voids the invoice, and a
 * checkout's subscription ends without ever having started (`incomplete_expired`). The invoice of an upgrade
 * (the subscription's pending invoice) applies the upgrade when paid; expired, the upgrade lapses and the
 * subscription carries on as it was (Stripe: `pending_update_expired`). `eventId` names the bank's answer,
 * so the same answer given twice applies once.
 */
export async function settleTestInvoice(
  billing: Billing,
  invoice: InvoiceRow,
  settlement: Settlement,
  eventId?: string,
): Promise<void> {
  const { db, state, clock } = billing;
  const now = await clock.now(invoice.organizationId);
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, invoice.subscriptionId ?? ''));
  if (!subscription) throw new AppError('SubscriptionNotFound');
  const at = new Date(now);
  const isPaid = settlement.outcome === 'paid';
  const settled = {
    ...invoice,
    provider: 'test' as const,
    status: isPaid ? ('paid' as const) : ('void' as const),
    paidAt: isPaid ? at : null,
    paymentMethod: isPaid ? settlement.paidWith : invoice.paymentMethod,
    stateAt: at,
  };
  if (subscription.pendingInvoiceId === invoice.id) {
    const change = isPaid ? upgradeFrom(invoice) : {};
    const type = isPaid ? 'invoice.paid' : 'customer.subscription.pending_update_expired';
    await applyBillingChange(state, testEvent(type, eventId), {
      subscription: reportOf(subscription, { ...change, pendingInvoiceId: null }, now),
      invoice: settled,
    });
    return;
  }
  const wasStarted = subscription.status !== 'incomplete';
  const status = isPaid ? 'active' : wasStarted ? 'past_due' : 'incomplete_expired';
  await applyBillingChange(state, testEvent(isPaid ? 'invoice.paid' : 'invoice.voided', eventId), {
    subscription: reportOf(
      subscription,
      { status, endedAt: status === 'incomplete_expired' ? at : null },
      now,
    ),
    invoice: settled,
  });
  const checkoutStatus =
    settlement.outcome === 'paid'
      ? sql`'complete'`
      : settlement.checkoutAfter === 'open'
        ? // Its own expiry still closes a checkout.
          sql`case when ${checkoutSessions.expiresAt} > ${at.toISOString()}::timestamptz then 'open' else 'expired' end`
        : sql`'expired'`;
  await db
    .update(checkoutSessions)
    .set({ status: checkoutStatus })
    .where(and(eq(checkoutSessions.subscriptionId, subscription.id), eq(checkoutSessions.status, 'pending')));
}
