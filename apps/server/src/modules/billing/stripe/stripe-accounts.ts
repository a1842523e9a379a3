import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { organizations } from '#server/db/schema/organizations.ts';

const organizationIdSchema = z.uuid();

/**
 * The account a Stripe object belongs to: the organizationId our checkout put in its metadata, else the owner of
 * its customer. Null for an object that is not ours (or an account since deleted).
 */
export async function findAccountOwner(
  db: Db,
  hint: { organizationId?: string | null | undefined; customerId?: string | null },
): Promise<string | null> {
  if (organizationIdSchema.safeParse(hint.organizationId).success) {
    const [user] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, hint.organizationId as string));
    if (user) return user.id;
  }
  if (!hint.customerId) return null;
  const [account] = await db
    .select({ organizationId: billingAccounts.organizationId })
    .from(billingAccounts)
    .where(and(eq(billingAccounts.provider, 'stripe'), eq(billingAccounts.customerId, hint.customerId)));
  return account?.organizationId ?? null;
}

/** The CPF or CNPJ among the tax ids a customer gave (else the first one). */
export function pickTaxId(taxIds: { type: string; value: string | null }[]): string | null {
  return (taxIds.find((id) => id.type === 'br_cpf' || id.type === 'br_cnpj') ?? taxIds[0])?.value ?? null;
}

/**
 * Keeps the organization's Stripe customer. The billing details are the organization's own (issue 27,
 * `billing/details`), not what Stripe's checkout page asked: Stripe prints those on its own invoices only.
 */
export async function saveBillingAccount(db: Db, organizationId: string, customerId: string): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ organizationId, provider: 'stripe', customerId })
    .onConflictDoUpdate({
      target: billingAccounts.organizationId,
      set: { customerId, updatedAt: new Date() },
    });
}

/**
 * The organization our checkout named in a Stripe object's metadata. Objects made before organizations
 * (migration 0013) say `userId`: the same id, since an account's first organization has the account's id.
 */
export function metadataOrganizationId(
  metadata: Record<string, string> | null | undefined,
): string | undefined {
  return metadata?.organizationId ?? metadata?.userId;
}
