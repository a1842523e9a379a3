import { PIX_VALIDITY_SECONDS, type PixCharge as PixChargeView } from '@cotacep/shared/pix-schemas';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type PixCharge, pixCharges } from '#server/db/schema/pix-charges.ts';
import { createBrCode, createTxid, type PixReceiver } from './br-code.ts';

/** Who this installation's codes pay, from its configuration. */
export const receiverOf = (config: Config): PixReceiver => ({
  key: config.PIX_KEY,
  name: config.PIX_MERCHANT_NAME,
  city: config.PIX_MERCHANT_CITY,
});

/** An invoice's newest code, or null. */
export async function findLatestCharge(db: Db, invoiceId: string): Promise<PixCharge | null> {
  const [row] = await db
    .select()
    .from(pixCharges)
    .where(eq(pixCharges.invoiceId, invoiceId))
    .orderBy(desc(pixCharges.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * A new code for the invoice's amount, valid PIX_VALIDITY_SECONDS from `now` (the account's billing time).
 * An invoice has one pending code at most (a partial unique index): a second request at the same moment
 * gets the one the first made.
 */
export async function createCharge(
  db: Db,
  receiver: PixReceiver,
  invoice: { id: string; organizationId: string; amount: number },
  now: number,
): Promise<PixCharge> {
  const txid = createTxid();
  const [created] = await db
    .insert(pixCharges)
    .values({
      id: txid,
      provider: 'test',
      organizationId: invoice.organizationId,
      invoiceId: invoice.id,
      brCode: createBrCode(receiver, { amountCents: invoice.amount, txid }),
      amount: invoice.amount,
      expiresAt: new Date(now + PIX_VALIDITY_SECONDS * 1000),
      createdAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const pending = await findLatestCharge(db, invoice.id);
  if (pending?.status !== 'pending') throw new Error(`no pending Pix charge for invoice ${invoice.id}`);
  return pending;
}

/** Marks the code paid if it is still pending and valid at `now`: true for the one call that does. */
export async function claimPaid(db: Db, id: string, now: number): Promise<boolean> {
  const at = new Date(now);
  const rows = await db
    .update(pixCharges)
    .set({ status: 'paid', paidAt: at })
    .where(and(eq(pixCharges.id, id), eq(pixCharges.status, 'pending'), gt(pixCharges.expiresAt, at)))
    .returning({ id: pixCharges.id });
  return rows.length > 0;
}

/** Marks the code expired if it is still pending: true for the one call that does. */
export async function claimExpired(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(pixCharges)
    .set({ status: 'expired' })
    .where(and(eq(pixCharges.id, id), eq(pixCharges.status, 'pending')))
    .returning({ id: pixCharges.id });
  return rows.length > 0;
}

/** Whether a code can no longer be paid at `now`, whatever its stored status still says. */
export const isPastValidity = (charge: PixCharge, now: number) => charge.expiresAt.getTime() <= now;

/** The code as the pages show it at `now` (the account's billing time). */
export function toPixView(charge: PixCharge, now: number): PixChargeView {
  const status = charge.status === 'pending' && isPastValidity(charge, now) ? 'expired' : charge.status;
  return {
    brCode: charge.brCode,
    expiresAt: charge.expiresAt.toISOString(),
    secondsLeft: status === 'pending' ? Math.ceil((charge.expiresAt.getTime() - now) / 1000) : 0,
    status,
  };
}
