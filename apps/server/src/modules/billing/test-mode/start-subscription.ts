import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@cotacep/shared/billing-schemas';
import { eq } from 'drizzle-orm';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { type CheckoutSession, checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import type { AuditContext } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { addCycle } from '../billing-period.ts';
import { applyBillingChange, type InvoiceReport } from '../subscription-state.ts';
import { BOLETO_DAYS, createBoletoLine } from './boleto.ts';
import type { CardBehaviour } from './test-cards.ts';
import { createInvoiceReport, reportOf, testEvent } from './test-reports.ts';

/**
 * A test checkout's subscription starts (Stripe: `checkout.session.completed`): active with its invoice paid
 * by a card charged already; incomplete with its invoice open for a boleto (its line issued) or a Pix (its
 * code made by the caller), until the bank says paid. The checkout is then complete, or pending.
 */
export async function startCheckoutSubscription(
  billing: Billing,
  checkout: CheckoutSession,
  payment: { method: PaymentMethod; behaviour: CardBehaviour | null },
  now: number,
  context: AuditContext,
): Promise<InvoiceReport> {
  const { db, state } = billing;
  const { organizationId } = checkout;
  const { method, behaviour } = payment;
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId));
  const start = new Date(now);
  const end = addCycle(start, checkout.cycle);
  const subscriptionId = `sub_test_${randomUUID()}`;
  const isCard = method === 'card';
  const subscription = reportOf(
    {
      id: subscriptionId,
      provider: 'test',
      organizationId,
      planId: checkout.planId,
      cycle: checkout.cycle,
      currency: checkout.currency,
      status: isCard ? 'active' : 'incomplete',
      paymentMethod: method,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      scheduledPlanId: null,
      scheduledCycle: null,
      pendingInvoiceId: null,
      pastDueSince: null,
      endedAt: null,
      testCardBehaviour: behaviour === 'renewalFails' ? 'renewalFails' : null,
      stateAt: start,
      createdAt: start,
      updatedAt: start,
    },
    {},
    now,
  );
  const boleto =
    method === 'boleto'
      ? { line: createBoletoLine(checkout.amount), expiresAt: new Date(now + BOLETO_DAYS * 86_400_000) }
      : null;
  const invoice = await createInvoiceReport(
    db,
    {
      organizationId,
      customerId: account?.customerId ?? '',
      subscriptionId,
      planId: checkout.planId,
      cycle: checkout.cycle,
      currency: checkout.currency,
      periodStart: start,
      periodEnd: end,
      status: isCard ? 'paid' : 'open',
      paymentMethod: method,
      amount: checkout.amount,
      boleto,
    },
    now,
  );
  await applyBillingChange(
    state,
    testEvent('checkout.session.completed'),
    { subscription, invoice },
    context,
  );
  await db
    .update(checkoutSessions)
    .set({ status: isCard ? 'complete' : 'pending', subscriptionId })
    .where(eq(checkoutSessions.id, checkout.id));
  return invoice;
}
