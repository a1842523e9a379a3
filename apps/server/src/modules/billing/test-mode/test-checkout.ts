import { randomUUID } from 'node:crypto';
import {
  type BillingDetails,
  BRAZIL,
  type TestCheckout,
  type TestCheckoutPayRequest,
} from '@cotacep/shared/billing-schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { type CheckoutSession, checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { users } from '#server/db/schema/users.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuditContext } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { addCycle } from '../billing-period.ts';
import { applyBillingChange } from '../subscription-state.ts';
import { BOLETO_DAYS, createBoletoLine } from './boleto.ts';
import { upgradeFrom } from './pending-upgrade.ts';
import { chargeCard, getCardBehaviour } from './test-cards.ts';
import { createInvoiceReport, reportOf, testEvent } from './test-reports.ts';

async function findCheckout(db: Db, organizationId: string, id: string): Promise<CheckoutSession> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.organizationId, organizationId),
        eq(checkoutSessions.provider, 'test'),
      ),
    );
  if (!row) throw new AppError('CheckoutNotFound');
  return row;
}

async function findCheckoutInvoice(db: Db, checkout: CheckoutSession) {
  if (!checkout.subscriptionId) return null;
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, checkout.subscriptionId))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row ?? null;
}

export async function getTestCheckout(
  billing: Billing,
  organizationId: string,
  id: string,
): Promise<TestCheckout> {
  const { db } = billing;
  const checkout = await findCheckout(db, organizationId, id);
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      taxId: users.taxId,
      account: billingAccounts,
    })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.organizationId, users.id))
    .where(eq(users.id, organizationId));
  const account = row?.account;
  const invoice = await findCheckoutInvoice(db, checkout);
  const now = new Date(await billing.clock.now(organizationId));
  const isExpired = checkout.status === 'open' && checkout.expiresAt.getTime() <= now.getTime();
  // A real checkout starts with the country: in reais a Brazilian customer is likely; in dollars, ask.
  const country = account?.country ?? (checkout.currency === 'BRL' ? BRAZIL : undefined);
  const details: Partial<BillingDetails> = {
    ...(country ? { country } : {}),
    name: account?.name ?? `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim(),
    ...(account?.taxId || row?.taxId ? { taxId: account?.taxId ?? row?.taxId ?? '' } : {}),
    ...(account?.addressLine ? { addressLine: account.addressLine } : {}),
    ...(account?.city ? { city: account.city } : {}),
    ...(account?.state ? { state: account.state } : {}),
    ...(account?.postalCode ? { postalCode: account.postalCode } : {}),
  };
  return {
    id: checkout.id,
    planId: checkout.planId,
    cycle: checkout.cycle,
    currency: checkout.currency,
    amount: checkout.amount,
    period: { start: now.toISOString(), end: addCycle(now, checkout.cycle).toISOString() },
    status: isExpired ? 'expired' : checkout.status,
    paymentMethods: checkout.currency === 'BRL' ? ['card', 'boleto'] : ['card'],
    billingDetails: details,
    email: row?.email ?? '',
    boleto:
      invoice?.boletoLine && invoice.boletoExpiresAt
        ? { line: invoice.boletoLine, expiresAt: invoice.boletoExpiresAt.toISOString() }
        : null,
  };
}

/**
 * The billing details asked at checkout go on the account; a Brazilian CPF/CNPJ also fills the profile's
 * empty one (the profile holds only those, never another country's tax id).
 */
async function saveBillingDetails(db: Db, organizationId: string, details: BillingDetails) {
  await db
    .update(billingAccounts)
    .set({ ...details, taxId: details.taxId || null, updatedAt: new Date() })
    .where(eq(billingAccounts.organizationId, organizationId));
  if (details.country !== BRAZIL) return;
  const [user] = await db.select({ taxId: users.taxId }).from(users).where(eq(users.id, organizationId));
  if (user && !user.taxId)
    await db.update(users).set({ taxId: details.taxId }).where(eq(users.id, organizationId));
}

/**
 * Pays a test checkout. A card is charged at once (a decline changes nothing); a boleto issues an open
 * invoice and leaves the subscription incomplete until the bank (here: "Simulate payment") says paid.
 */
export async function payTestCheckout(
  billing: Billing,
  organizationId: string,
  id: string,
  payment: TestCheckoutPayRequest,
  context: AuditContext,
): Promise<{ url: string }> {
  const { db, state, clock } = billing;
  const checkout = await findCheckout(db, organizationId, id);
  const now = await clock.now(organizationId);
  if (checkout.status !== 'open' || checkout.expiresAt.getTime() <= now) throw new AppError('CheckoutClosed');
  if (payment.method === 'boleto' && checkout.currency !== 'BRL') throw new AppError('BoletoNeedsBrl');
  const behaviour = payment.method === 'card' ? getCardBehaviour(payment.cardNumber) : null;
  if (behaviour) {
    try {
      chargeCard(behaviour, checkout.failedAttempts);
    } catch (error) {
      if (error instanceof AppError && error.code === 'CardProcessingError') {
        await db
          .update(checkoutSessions)
          .set({ failedAttempts: checkout.failedAttempts + 1 })
          .where(eq(checkoutSessions.id, id));
      }
      throw error;
    }
  }
  await saveBillingDetails(db, organizationId, payment.billingDetails);
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId));
  const start = new Date(now);
  const end = addCycle(start, checkout.cycle);
  const subscriptionId = `sub_test_${randomUUID()}`;
  const isCard = payment.method === 'card';
  const subscription = reportOf(
    {
      id: subscriptionId,
      provider: 'test',
      organizationId,
      planId: checkout.planId,
      cycle: checkout.cycle,
      currency: checkout.currency,
      status: isCard ? 'active' : 'incomplete',
      paymentMethod: payment.method,
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
  const boleto = isCard
    ? null
    : { line: createBoletoLine(checkout.amount), expiresAt: new Date(now + BOLETO_DAYS * 86_400_000) };
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
      paymentMethod: payment.method,
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
    .where(eq(checkoutSessions.id, id));
  return {
    url: isCard
      ? billing.pageUrl('/account/settings?tab=billing&checkout=success')
      : billing.pageUrl(`/billing/checkout/${id}`),
  };
}

/**
 * The bank's answer to a test boleto: paid starts (or restores) the subscription; expired voids the
 * invoice, and a checkout's subscription ends without ever having started (`incomplete_expired`). The
 * boleto of an upgrade (the subscription's pending invoice) applies the upgrade when paid; expired, the
 * upgrade lapses and the subscription carries on as it was (Stripe: `pending_update_expired`).
 */
export async function settleTestBoleto(
  billing: Billing,
  organizationId: string,
  invoiceId: string,
  outcome: 'paid' | 'expired',
): Promise<void> {
  const { db, state, clock } = billing;
  const now = await clock.now(organizationId);
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.organizationId, organizationId),
        eq(invoices.provider, 'test'),
      ),
    );
  if (!invoice?.boletoLine) throw new AppError('InvoiceNotFound');
  if (invoice.status !== 'open') throw new AppError('CheckoutClosed');
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, invoice.subscriptionId ?? ''));
  if (!subscription) throw new AppError('SubscriptionNotFound');
  const at = new Date(now);
  const isPaid = outcome === 'paid';
  const settled = {
    ...invoice,
    provider: 'test' as const,
    status: isPaid ? ('paid' as const) : ('void' as const),
    paidAt: isPaid ? at : null,
    stateAt: at,
  };
  if (subscription.pendingInvoiceId === invoice.id) {
    const change = isPaid ? upgradeFrom(invoice) : {};
    const type = isPaid ? 'invoice.paid' : 'customer.subscription.pending_update_expired';
    await applyBillingChange(state, testEvent(type), {
      subscription: reportOf(subscription, { ...change, pendingInvoiceId: null }, now),
      invoice: settled,
    });
    return;
  }
  const wasStarted = subscription.status !== 'incomplete';
  const status = isPaid ? 'active' : wasStarted ? 'past_due' : 'incomplete_expired';
  await applyBillingChange(state, testEvent(isPaid ? 'invoice.paid' : 'invoice.voided'), {
    subscription: reportOf(
      subscription,
      { status, endedAt: status === 'incomplete_expired' ? at : null },
      now,
    ),
    invoice: settled,
  });
  await db
    .update(checkoutSessions)
    .set({ status: isPaid ? 'complete' : 'expired' })
    .where(and(eq(checkoutSessions.subscriptionId, subscription.id), eq(checkoutSessions.status, 'pending')));
}

/** The boleto of a checkout, for the checkout page's "Simulate payment" and "Simulate expiry". */
export async function settleCheckoutBoleto(
  billing: Billing,
  organizationId: string,
  checkoutId: string,
  outcome: 'paid' | 'expired',
): Promise<void> {
  const checkout = await findCheckout(billing.db, organizationId, checkoutId);
  const invoice = await findCheckoutInvoice(billing.db, checkout);
  if (!invoice) throw new AppError('InvoiceNotFound');
  await settleTestBoleto(billing, organizationId, invoice.id, outcome);
}
