import { setTimeout as sleep } from 'node:timers/promises';
import { isPixAtCheckout, type PixCharge as PixChargeView } from '@cotacep/shared/pix-schemas';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type CheckoutSession, checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { type InvoiceRow, invoices } from '#server/db/schema/invoices.ts';
import type { PixCharge } from '#server/db/schema/pix-charges.ts';
import { pixCharges } from '#server/db/schema/pix-charges.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuditContext } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { assertBillingDetailsFor } from '../details/checkout-gate.ts';
import {
  claimPaid,
  createCharge,
  findLatestCharge,
  isPastValidity,
  receiverOf,
  toPixView,
} from '../pix/pix-charges.ts';
import { endCheckoutPix, expireDueTestPix, expireTestPixCharge, isCheckoutPixInvoice } from './pix-expiry.ts';
import { settleTestInvoice } from './settle-invoice.ts';
import { startCheckoutSubscription } from './start-subscription.ts';
import { findCheckout, findCheckoutInvoice } from './test-checkout.ts';

/** How long a request waits for the code another request is making for the same checkout (a double click). */
const WAIT_ROUNDS = 30;
const WAIT_MS = 100;

async function findTestInvoice(db: Db, organizationId: string, id: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.id, id), eq(invoices.organizationId, organizationId), eq(invoices.provider, 'test')),
    );
  if (!row) throw new AppError('InvoiceNotFound');
  return row;
}

/**
 * What a pending checkout waits for: its Pix code; `boleto` when a boleto was issued instead (it waits for
 * the bank, no code replaces it); null while another request is still making the code. A code that expired
 * without its checkout opening again (a sweep cut short) ends now.
 */
async function findWaitingCode(
  billing: Billing,
  checkout: CheckoutSession,
  now: number,
): Promise<PixChargeView | 'boleto' | null> {
  const invoice = await findCheckoutInvoice(billing.db, checkout);
  if (invoice?.boletoLine) return 'boleto';
  if (!invoice || !isCheckoutPixInvoice(invoice)) return null;
  const charge = await findLatestCharge(billing.db, invoice.id);
  if (charge?.status === 'pending' && !isPastValidity(charge, now)) return toPixView(charge, now);
  if (charge) await endCheckoutPix(billing, invoice, charge);
  return null;
}

/**
 * An open checkout gets its subscription, incomplete, with an open invoice for the Pix and the code. One
 * request does it (the checkout moves to pending first); null for the others, which then find its code.
 */
async function startCheckoutPix(
  billing: Billing,
  checkout: CheckoutSession,
  now: number,
  context: AuditContext,
): Promise<PixChargeView | null> {
  const { db } = billing;
  const isOpen = and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'open'));
  const claimed = await db
    .update(checkoutSessions)
    .set({ status: 'pending' })
    .where(isOpen)
    .returning({ id: checkoutSessions.id });
  if (claimed.length === 0) return null;
  try {
    const invoice = await startCheckoutSubscription(
      billing,
      checkout,
      { method: 'pix', behaviour: null },
      now,
      context,
    );
    return toPixView(await createCharge(db, receiverOf(billing.config), invoice, now), now);
  } catch (error) {
    await db
      .update(checkoutSessions)
      .set({ status: 'open' })
      .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'pending')));
    throw error;
  }
}

/**
 * `POST …/checkouts/{id}/pix`: the checkout's Pix code. The one still pending is answered again; after it
 * expired (the checkout open again), a new one is made. A yearly plan in reais only (`isPixAtCheckout`); a
 * checkout waiting for its boleto, or over, takes none.
 */
export async function issueCheckoutPix(
  billing: Billing,
  organizationId: string,
  checkoutId: string,
  context: AuditContext,
): Promise<PixChargeView> {
  const { db, clock } = billing;
  await expireDueTestPix(billing, organizationId);
  for (let round = 0; round < WAIT_ROUNDS; round++) {
    const checkout = await findCheckout(db, organizationId, checkoutId);
    if (checkout.currency !== 'BRL') throw new AppError('PixNeedsBrl');
    if (!isPixAtCheckout(checkout)) throw new AppError('PixYearlyOnly');
    const now = await clock.now(organizationId);
    if (checkout.status === 'open') {
      if (checkout.expiresAt.getTime() <= now) throw new AppError('CheckoutClosed');
      await assertBillingDetailsFor(db, organizationId, checkout.currency);
      const started = await startCheckoutPix(billing, checkout, now, context);
      if (started) return started;
    } else if (checkout.status === 'pending') {
      const waiting = await findWaitingCode(billing, checkout, now);
      if (waiting === 'boleto') throw new AppError('CheckoutClosed');
      if (waiting) return waiting;
    } else {
      throw new AppError('CheckoutClosed');
    }
    await sleep(WAIT_MS);
  }
  throw new AppError('CheckoutClosed');
}

/** `POST …/invoices/{id}/pix`: a code for an open invoice in reais (a renewal's, an upgrade's, a boleto's). */
export async function issueInvoicePix(
  billing: Billing,
  organizationId: string,
  invoiceId: string,
): Promise<PixChargeView> {
  const { db, clock } = billing;
  await expireDueTestPix(billing, organizationId);
  const invoice = await findTestInvoice(db, organizationId, invoiceId);
  if (invoice.currency !== 'BRL') throw new AppError('PixNeedsBrl');
  if (invoice.status !== 'open') throw new AppError('InvoiceNotOpen');
  await assertBillingDetailsFor(db, organizationId, invoice.currency);
  const now = await clock.now(organizationId);
  const latest = await findLatestCharge(db, invoice.id);
  const charge =
    latest?.status === 'pending' ? latest : await createCharge(db, receiverOf(billing.config), invoice, now);
  return toPixView(charge, now);
}

/** An invoice of the organization and its newest code, due codes expired first; 404 without a code. */
async function findInvoiceCode(billing: Billing, organizationId: string, invoiceId: string) {
  await expireDueTestPix(billing, organizationId);
  const invoice = await findTestInvoice(billing.db, organizationId, invoiceId);
  const charge = await findLatestCharge(billing.db, invoice.id);
  if (!charge) throw new AppError('PixNotFound');
  return { invoice, charge };
}

/** `GET …/invoices/{id}/pix`: the invoice's newest code, for its page to follow. */
export async function getInvoicePix(
  billing: Billing,
  organizationId: string,
  invoiceId: string,
): Promise<PixChargeView> {
  const { charge } = await findInvoiceCode(billing, organizationId, invoiceId);
  return toPixView(charge, await billing.clock.now(organizationId));
}

/**
 * "The bank" pays a code. Once: of two payments at the same moment one marks the code paid, and both settle
 * the invoice under the code's own event id, which applies once (one payment, one nota). A code past its
 * validity, or whose invoice was settled otherwise, cannot be paid.
 */
async function payCharge(billing: Billing, invoice: InvoiceRow, charge: PixCharge): Promise<void> {
  const { db, clock } = billing;
  const now = await clock.now(invoice.organizationId);
  const isPayable = invoice.status === 'open' && charge.status === 'pending' && !isPastValidity(charge, now);
  if (!isPayable && charge.status !== 'paid') {
    if (charge.status === 'pending') await expireTestPixCharge(billing, charge, invoice);
    // Paid some other way (its boleto), the invoice takes no code; otherwise the code ran out (a checkout's
    // own Pix invoice is voided with it).
    throw new AppError(invoice.status === 'paid' ? 'InvoiceNotOpen' : 'PixExpired');
  }
  const isClaimed = isPayable && (await claimPaid(db, charge.id, now));
  if (!isClaimed) {
    const [current] = await db.select().from(pixCharges).where(eq(pixCharges.id, charge.id));
    if (current?.status !== 'paid') throw new AppError('PixExpired');
  }
  const [fresh] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
  if (fresh?.status !== 'open') return;
  await settleTestInvoice(billing, fresh, { outcome: 'paid', paidWith: 'pix' }, `pix_paid_${charge.id}`);
}

/** `POST …/checkouts/{id}/pix/pay`: the bank pays the checkout's code; the plan starts. */
export async function payCheckoutPix(billing: Billing, organizationId: string, checkoutId: string) {
  await expireDueTestPix(billing, organizationId);
  const checkout = await findCheckout(billing.db, organizationId, checkoutId);
  const invoice = await findCheckoutInvoice(billing.db, checkout);
  const charge = invoice ? await findLatestCharge(billing.db, invoice.id) : null;
  if (!invoice || !charge) throw new AppError('PixNotFound');
  await payCharge(billing, invoice, charge);
}

/** `POST …/invoices/{id}/pix/pay`: the bank pays an open invoice's code. */
export async function payInvoicePix(billing: Billing, organizationId: string, invoiceId: string) {
  const { invoice, charge } = await findInvoiceCode(billing, organizationId, invoiceId);
  await payCharge(billing, invoice, charge);
}
