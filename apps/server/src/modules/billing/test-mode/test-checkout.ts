import { randomUUID } from 'node:crypto';
import type { BillingDetails, TestCheckout, TestCheckoutPayRequest } from '@cotacep/shared/billing-schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { type CheckoutSession, checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { users } from '#server/db/schema/users.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Billing } from '../billing.ts';
import { addCycle } from '../billing-period.ts';
import { applyBillingChange } from '../subscription-state.ts';
import { BOLETO_DAYS, createBoletoLine } from './boleto.ts';
import { chargeCard, getCardBehaviour } from './test-cards.ts';
import { createInvoiceReport, reportOf, testEvent } from './test-reports.ts';

async function findCheckout(db: Db, userId: string, id: string): Promise<CheckoutSession> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.userId, userId),
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

export async function getTestCheckout(billing: Billing, userId: string, id: string): Promise<TestCheckout> {
  const { db } = billing;
  const checkout = await findCheckout(db, userId, id);
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      taxId: users.taxId,
      account: billingAccounts,
    })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(eq(users.id, userId));
  const account = row?.account;
  const invoice = await findCheckoutInvoice(db, checkout);
  const now = new Date(billing.clock.now());
  const isExpired = checkout.status === 'open' && checkout.expiresAt.getTime() <= now.getTime();
  const details: Partial<BillingDetails> = {
    name: account?.name ?? `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim(),
    ...(account?.taxId || row?.taxId ? { taxId: account?.taxId ?? row?.taxId ?? '' } : {}),
    ...(account?.addressLine ? { addressLine: account.addressLine } : {}),
    ...(account?.city ? { city: account.city } : {}),
    ...(account?.state ? { state: account.state } : {}),
    ...(account?.postalCode ? { postalCode: account.postalCode } : {}),
    country: account?.country ?? 'BR',
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

/** The billing details asked at checkout go on the account (and fill the profile's empty CPF/CNPJ). */
async function saveBillingDetails(db: Db, userId: string, details: BillingDetails) {
  await db
    .update(billingAccounts)
    .set({ ...details, updatedAt: new Date() })
    .where(eq(billingAccounts.userId, userId));
  const [user] = await db.select({ taxId: users.taxId }).from(users).where(eq(users.id, userId));
  if (user && !user.taxId) await db.update(users).set({ taxId: details.taxId }).where(eq(users.id, userId));
}

/**
 * Pays a test checkout. A card is charged at once (a decline changes nothing); a boleto issues an open
 * invoice and leaves the subscription incomplete until the bank (here: "Simulate payment") says paid.
 */
export async function payTestCheckout(
  billing: Billing,
  userId: string,
  id: string,
  payment: TestCheckoutPayRequest,
): Promise<{ url: string }> {
  const { db, state, clock } = billing;
  const checkout = await findCheckout(db, userId, id);
  const now = clock.now();
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
  await saveBillingDetails(db, userId, payment.billingDetails);
  const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  const start = new Date(now);
  const end = addCycle(start, checkout.cycle);
  const subscriptionId = `sub_test_${randomUUID()}`;
  const isCard = payment.method === 'card';
  const subscription = reportOf(
    {
      id: subscriptionId,
      provider: 'test',
      userId,
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
      userId,
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
  await applyBillingChange(state, testEvent('checkout.session.completed'), { subscription, invoice });
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
 * invoice, and a checkout's subscription ends without ever having started (`incomplete_expired`).
 */
export async function settleTestBoleto(
  billing: Billing,
  userId: string,
  invoiceId: string,
  outcome: 'paid' | 'expired',
): Promise<void> {
  const { db, state, clock } = billing;
  const now = clock.now();
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId), eq(invoices.provider, 'test')));
  if (!invoice?.boletoLine) throw new AppError('InvoiceNotFound');
  if (invoice.status !== 'open') throw new AppError('CheckoutClosed');
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, invoice.subscriptionId ?? ''));
  if (!subscription) throw new AppError('SubscriptionNotFound');
  const at = new Date(now);
  const isPaid = outcome === 'paid';
  const wasStarted = subscription.status !== 'incomplete';
  const status = isPaid ? 'active' : wasStarted ? 'past_due' : 'incomplete_expired';
  await applyBillingChange(state, testEvent(isPaid ? 'invoice.paid' : 'invoice.voided'), {
    subscription: reportOf(
      subscription,
      { status, endedAt: status === 'incomplete_expired' ? at : null },
      now,
    ),
    invoice: {
      ...invoice,
      provider: 'test',
      status: isPaid ? 'paid' : 'void',
      paidAt: isPaid ? at : null,
      stateAt: at,
    },
  });
  await db
    .update(checkoutSessions)
    .set({ status: isPaid ? 'complete' : 'expired' })
    .where(and(eq(checkoutSessions.subscriptionId, subscription.id), eq(checkoutSessions.status, 'pending')));
}

/** The boleto of a checkout, for the checkout page's "Simulate payment" and "Simulate expiry". */
export async function settleCheckoutBoleto(
  billing: Billing,
  userId: string,
  checkoutId: string,
  outcome: 'paid' | 'expired',
): Promise<void> {
  const checkout = await findCheckout(billing.db, userId, checkoutId);
  const invoice = await findCheckoutInvoice(billing.db, checkout);
  if (!invoice) throw new AppError('InvoiceNotFound');
  await settleTestBoleto(billing, userId, invoice.id, outcome);
}
