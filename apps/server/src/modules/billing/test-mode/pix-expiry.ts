import type { PixCharge as PixChargeView } from '@cotacep/shared/pix-schemas';
import { and, eq, lte, ne, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type InvoiceRow, invoices } from '#server/db/schema/invoices.ts';
import { type PixCharge, pixCharges } from '#server/db/schema/pix-charges.ts';
import type { Billing } from '../billing.ts';
import { claimExpired, findLatestCharge, toPixView } from '../pix/pix-charges.ts';
import { settleTestInvoice } from './settle-invoice.ts';

/**
 * A checkout's own Pix invoice, still open: made for the code alone (a boleto's invoice has its line, and a
 * renewal's or an upgrade's is a boleto's or a card's), so it ends with its code.
 */
export const isCheckoutPixInvoice = (invoice: InvoiceRow) =>
  invoice.status === 'open' && invoice.paymentMethod === 'pix' && invoice.boletoLine === null;

/** The bank's "expired" for a checkout's Pix, once (its own event id): the checkout opens again. */
export const endCheckoutPix = (billing: Billing, invoice: InvoiceRow, charge: PixCharge) =>
  settleTestInvoice(
    billing,
    invoice,
    { outcome: 'expired', checkoutAfter: 'open' },
    `pix_expired_${charge.id}`,
  );

/**
 * A code expires once (whoever sees it first: the sweeper, a page reading it, a late payment). A renewal's or
 * an upgrade's invoice stays open with its boleto, and may get a new code.
 */
export async function expireTestPixCharge(billing: Billing, charge: PixCharge, invoice: InvoiceRow) {
  if (!(await claimExpired(billing.db, charge.id))) return;
  if (isCheckoutPixInvoice(invoice)) await endCheckoutPix(billing, invoice, charge);
}

/**
 * Pending test codes past their validity on their account's billing clock, or whose invoice was settled
 * some other way: all of them (the sweeper), or one account's (before its pages read them).
 */
export async function expireDueTestPix(billing: Billing, organizationId?: string): Promise<void> {
  const due = await billing.db
    .select({ charge: pixCharges, invoice: invoices })
    .from(pixCharges)
    .innerJoin(invoices, eq(invoices.id, pixCharges.invoiceId))
    .where(
      and(
        eq(pixCharges.provider, 'test'),
        eq(pixCharges.status, 'pending'),
        organizationId ? eq(pixCharges.organizationId, organizationId) : undefined,
        or(
          lte(pixCharges.expiresAt, billing.clock.timeOf(pixCharges.organizationId, Date.now())),
          ne(invoices.status, 'open'),
        ),
      ),
    );
  for (const { charge, invoice } of due) await expireTestPixCharge(billing, charge, invoice);
}

/** The newest code of an invoice as its page shows it, or null. */
export async function findPixView(db: Db, invoiceId: string, now: number): Promise<PixChargeView | null> {
  const charge = await findLatestCharge(db, invoiceId);
  return charge ? toPixView(charge, now) : null;
}
