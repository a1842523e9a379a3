import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { users } from '#server/db/schema/users.ts';

const userIdSchema = z.uuid();

/**
 * The account a Stripe object belongs to: the userId our checkout put in its metadata, else the owner of
 * its customer. Null for an object that is not ours (or an account since deleted).
 */
export async function findAccountOwner(
  db: Db,
  hint: { userId?: string | null | undefined; customerId?: string | null },
): Promise<string | null> {
  if (userIdSchema.safeParse(hint.userId).success) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, hint.userId as string));
    if (user) return user.id;
  }
  if (!hint.customerId) return null;
  const [account] = await db
    .select({ userId: billingAccounts.userId })
    .from(billingAccounts)
    .where(and(eq(billingAccounts.provider, 'stripe'), eq(billingAccounts.customerId, hint.customerId)));
  return account?.userId ?? null;
}

/** The CPF or CNPJ among the tax ids a customer gave (else the first one). */
export function pickTaxId(taxIds: { type: string; value: string | null }[]): string | null {
  return (taxIds.find((id) => id.type === 'br_cpf' || id.type === 'br_cnpj') ?? taxIds[0])?.value ?? null;
}

/** Keeps the account's Stripe customer and the billing details asked at checkout (name, CPF/CNPJ…). */
export async function saveBillingAccount(
  db: Db,
  userId: string,
  customerId: string,
  details: Stripe.Checkout.Session.CustomerDetails | null,
): Promise<void> {
  const address = details?.address;
  const values = {
    customerId,
    name: details?.business_name ?? details?.individual_name ?? details?.name ?? null,
    taxId: pickTaxId(details?.tax_ids ?? []),
    addressLine: [address?.line1, address?.line2].filter(Boolean).join(', ') || null,
    city: address?.city ?? null,
    state: address?.state ?? null,
    postalCode: address?.postal_code ?? null,
    country: address?.country ?? null,
  };
  await db
    .insert(billingAccounts)
    .values({ userId, provider: 'stripe', ...values })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: { ...values, updatedAt: new Date() } });
}
