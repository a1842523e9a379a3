import { eq } from 'drizzle-orm';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import type { Billing } from '../billing.ts';
import { findBillingDetails } from './billing-details.ts';

/**
 * Gives the organization's customer at the payments provider its billing details, where the provider keeps
 * a copy (Stripe) and the organization has a customer there; else nothing. A checkout does it again first.
 */
export async function syncProviderCustomer(billing: Billing, organizationId: string): Promise<void> {
  const { db, provider } = billing;
  if (!provider.syncCustomer) return;
  const [account] = await db
    .select({ provider: billingAccounts.provider, customerId: billingAccounts.customerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId));
  const details = await findBillingDetails(db, organizationId);
  if (account?.provider !== provider.kind || !account.customerId || !details) return;
  await provider.syncCustomer(account.customerId, details);
}
