import type { TestCheckout, TestCheckoutPayRequest } from '@cotacep/shared/billing-schemas';
import { isPixAtCheckout } from '@cotacep/shared/pix-schemas';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type CheckoutSession, checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { users } from '#server/db/schema/users.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuditContext } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { addCycle } from '../billing-period.ts';
import { findBillingDetails } from '../details/billing-details.ts';
import { assertBillingDetailsFor } from '../details/checkout-gate.ts';
import { expireDueTestPix, findPixView } from './pix-expiry.ts';
import { settleTestInvoice } from './settle-invoice.ts';
import { startCheckoutSubscription } from './start-subscription.ts';
import { chargeCard, getCardBehaviour } from './test-cards.ts';

export async function findCheckout(db: Db, organizationId: string, id: string): Promise<CheckoutSession> {
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

export async function findCheckoutInvoice(db: Db, checkout: CheckoutSession) {
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
  // A Pix past its validity expires first: its checkout opens again (settle-invoice.ts).
  await expireDueTestPix(billing, organizationId);
  const checkout = await findCheckout(db, organizationId, id);
  const invoice = await findCheckoutInvoice(db, checkout);
  const now = new Date(await billing.clock.now(organizationId));
  const isExpired = checkout.status === 'open' && checkout.expiresAt.getTime() <= now.getTime();
  return {
    id: checkout.id,
    planId: checkout.planId,
    cycle: checkout.cycle,
    currency: checkout.currency,
    amount: checkout.amount,
    period: { start: now.toISOString(), end: addCycle(now, checkout.cycle).toISOString() },
    status: isExpired ? 'expired' : checkout.status,
    paymentMethods:
      checkout.currency !== 'BRL'
        ? ['card']
        : isPixAtCheckout(checkout)
          ? ['card', 'boleto', 'pix']
          : ['card', 'boleto'],
    email: await getReceiptEmail(db, organizationId),
    boleto:
      invoice?.boletoLine && invoice.boletoExpiresAt
        ? { line: invoice.boletoLine, expiresAt: invoice.boletoExpiresAt.toISOString() }
        : null,
    pix: invoice ? await findPixView(db, invoice.id, now.getTime()) : null,
  };
}

/** Where the receipt goes: the first billing e-mail, else (no details yet) the organization's first Owner. */
async function getReceiptEmail(db: Db, organizationId: string): Promise<string> {
  const details = await findBillingDetails(db, organizationId);
  if (details?.emails[0]) return details.emails[0];
  const [owner] = await db
    .select({ email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')))
    .orderBy(asc(organizationMembers.joinedAt))
    .limit(1);
  return owner?.email ?? '';
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
  const { db, clock } = billing;
  await expireDueTestPix(billing, organizationId);
  const checkout = await findCheckout(db, organizationId, id);
  const now = await clock.now(organizationId);
  if (checkout.status !== 'open' || checkout.expiresAt.getTime() <= now) throw new AppError('CheckoutClosed');
  if (payment.method === 'boleto' && checkout.currency !== 'BRL') throw new AppError('BoletoNeedsBrl');
  // The details may have changed since the checkout started: reais still need a CPF or CNPJ.
  await assertBillingDetailsFor(db, organizationId, checkout.currency);
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
  await startCheckoutSubscription(billing, checkout, { method: payment.method, behaviour }, now, context);
  const isCard = payment.method === 'card';
  return {
    url: isCard
      ? billing.pageUrl('/account/settings?tab=billing&checkout=success')
      : billing.pageUrl(`/billing/checkout/${id}`),
  };
}

/** The bank's answer to a test boleto (`settleTestInvoice`): the invoice must have one, and be open. */
export async function settleTestBoleto(
  billing: Billing,
  organizationId: string,
  invoiceId: string,
  outcome: 'paid' | 'expired',
): Promise<void> {
  const [invoice] = await billing.db
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
  await settleTestInvoice(
    billing,
    invoice,
    outcome === 'paid' ? { outcome, paidWith: 'boleto' } : { outcome, checkoutAfter: 'expired' },
  );
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
