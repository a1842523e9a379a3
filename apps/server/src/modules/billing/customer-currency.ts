import { BILLING_CURRENCIES, type BillingCurrency } from '@cotacep/shared/plans';
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema/checkout-sessions.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';

/**
 * The customer's currency (decision 027) is its organization's `organizations.currency`: every price the customer sees
 * and pays, in any interface language. It may be chosen until the first purchase, and is fixed from then on
 * (a provider's customer keeps one currency, and a subscriber must see what they pay).
 */
export type CustomerCurrency = { currency: BillingCurrency; isFixed: boolean };

export function isBillingCurrency(value: unknown): value is BillingCurrency {
  return (BILLING_CURRENCIES as readonly unknown[]).includes(value);
}

/** A stored value outside the billing currencies (older profiles) counts as the column's default, BRL. */
export function toBillingCurrency(value: string | null | undefined): BillingCurrency {
  return isBillingCurrency(value) ? value : 'BRL';
}

/** Fixed once the customer has bought: any subscription, or a checkout open or waiting for its boleto. */
export async function isCurrencyFixed(db: Db, organizationId: string): Promise<boolean> {
  const [subscription] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .limit(1);
  if (subscription) return true;
  const [checkout] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.organizationId, organizationId),
        or(
          inArray(checkoutSessions.status, ['pending', 'complete']),
          and(eq(checkoutSessions.status, 'open'), gt(checkoutSessions.expiresAt, new Date())),
        ),
      ),
    )
    .limit(1);
  return Boolean(checkout);
}

export async function getCustomerCurrency(db: Db, organizationId: string): Promise<CustomerCurrency> {
  const [organization] = await db
    .select({ currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return {
    currency: toBillingCurrency(organization?.currency),
    isFixed: await isCurrencyFixed(db, organizationId),
  };
}
