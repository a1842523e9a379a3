import type { CheckoutRequest, Redirect } from '@cotacep/shared/billing-schemas';
import type { Language } from '@cotacep/shared/languages';
import { getPlanPrice } from '@cotacep/shared/plans';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingAccounts } from '../../db/schema/billing-accounts.ts';
import { checkoutSessions } from '../../db/schema/checkout-sessions.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockAccount } from '../projects/account-lock.ts';
import type { Billing } from './billing.ts';
import { getCustomerCurrency } from './customer-currency.ts';
import { assertBillingDetailsFor } from './details/checkout-gate.ts';
import { isLive } from './effective-plan.ts';
import { findCurrentSubscription } from './subscription-state.ts';

/** The account's checkout still open (an expired one is closed on the way), or null. */
export async function findOpenCheckout(db: Db, organizationId: string, now: number) {
  const open = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.organizationId, organizationId),
        inArray(checkoutSessions.status, ['open', 'pending']),
      ),
    );
  for (const row of open) {
    if (row.status === 'pending' || row.expiresAt.getTime() > now) return row;
    await db.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, row.id));
  }
  return null;
}

/**
 * "Buy Now" / "Choose Plan": a new subscriber gets a checkout; a subscriber gets the provider's page to
 * confirm the change. One checkout at a time per account: the account lock makes two parallel requests
 * see each other. A first purchase in reais needs the billing details with a CPF or CNPJ (issue 27).
 */
export async function startCheckout(
  billing: Billing,
  { organizationId, userId }: { organizationId: string; userId: string },
  request: CheckoutRequest,
  language: Language,
): Promise<Redirect> {
  const { db, provider, clock } = billing;
  return db.transaction(async (tx) => {
    await lockAccount(tx, organizationId);
    const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!organization || !user) throw new AppError('Unauthorized');
    if (organization.plan === 'enterprise') throw new AppError('SubscriptionNotChangeable');
    const now = await clock.now(organizationId, tx);
    if (await findOpenCheckout(tx, organizationId, now)) throw new AppError('CheckoutInProgress');
    const [account] = await tx
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, organizationId));
    const current = await findCurrentSubscription(tx, organizationId);

    if (current && isLive(current)) {
      const planAfter = current.scheduledPlanId ?? current.planId;
      const cycleAfter = current.scheduledCycle ?? current.cycle;
      const isSame = request.planId === current.planId && request.cycle === current.cycle;
      if (isSame && planAfter === current.planId && cycleAfter === current.cycle) {
        throw new AppError('AlreadyOnPlan');
      }
      return provider.changePlan({
        customerId: account?.customerId ?? '',
        subscriptionId: current.id,
        planId: request.planId,
        cycle: request.cycle,
        currency: current.currency,
        returnUrl: billing.pageUrl('/account/settings?tab=billing'),
        language,
      });
    }

    // The customer's currency, never the interface language's (decision 027): chosen at the first
    // purchase, then fixed.
    const customer = await getCustomerCurrency(tx, organizationId);
    const currency = customer.isFixed ? customer.currency : (request.currency ?? customer.currency);
    const details = await assertBillingDetailsFor(tx, organizationId, currency);
    if (currency !== organization.currency) {
      await tx.update(organizations).set({ currency }).where(eq(organizations.id, organizationId));
    }
    const amount = getPlanPrice(request.planId, request.cycle, currency);
    const started = await provider.createCheckout({
      buyer: {
        organizationId,
        // The person buying is who the provider writes to; the organization is the customer it names.
        email: user.email,
        name: organization.name,
        language,
        customerId: account?.customerId ?? null,
        details,
      },
      planId: request.planId,
      cycle: request.cycle,
      currency,
      amount,
      successUrl: billing.pageUrl('/account/settings?tab=billing&checkout=success'),
      cancelUrl: billing.pageUrl('/pricing?checkout=cancelled'),
      now,
    });
    if (!account) {
      await tx.insert(billingAccounts).values({
        organizationId,
        provider: provider.kind,
        customerId: started.customerId,
      });
    }
    await tx.insert(checkoutSessions).values({
      id: started.id,
      provider: provider.kind,
      organizationId,
      planId: request.planId,
      cycle: request.cycle,
      currency,
      amount,
      url: started.url,
      expiresAt: started.expiresAt,
    });
    return { url: started.url };
  });
}

/** Abandons the account's open checkout (not a boleto already issued: that one waits for the bank). */
export async function cancelCheckout(billing: Billing, organizationId: string): Promise<void> {
  const open = await findOpenCheckout(billing.db, organizationId, await billing.clock.now(organizationId));
  if (open?.status !== 'open') return;
  await billing.provider.expireCheckout(open.id);
  await billing.db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(eq(checkoutSessions.id, open.id));
}
