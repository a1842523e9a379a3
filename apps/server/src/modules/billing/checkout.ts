import type { CheckoutRequest, Redirect } from '@cotacep/shared/billing-schemas';
import type { Language } from '@cotacep/shared/languages';
import { type BillingCurrency, getPlanPrice } from '@cotacep/shared/plans';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingAccounts } from '../../db/schema/billing-accounts.ts';
import { checkoutSessions } from '../../db/schema/checkout-sessions.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockAccount } from '../projects/account-lock.ts';
import type { Billing } from './billing.ts';
import { isLive } from './effective-plan.ts';
import { findCurrentSubscription } from './subscription-state.ts';

/** A checkout's currency: the one asked for, else the language entry's (pt-BR → BRL, en → USD). */
export function getCheckoutCurrency(asked: BillingCurrency | undefined, language: Language): BillingCurrency {
  return asked ?? (language === 'en' ? 'USD' : 'BRL');
}

/** The account's checkout still open (an expired one is closed on the way), or null. */
export async function findOpenCheckout(db: Db, userId: string, now: number) {
  const open = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), inArray(checkoutSessions.status, ['open', 'pending'])));
  for (const row of open) {
    if (row.status === 'pending' || row.expiresAt.getTime() > now) return row;
    await db.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, row.id));
  }
  return null;
}

/**
 * "Buy Now" / "Choose Plan": a new subscriber gets a checkout; a subscriber gets the provider's page to
 * confirm the change. One checkout at a time per account: the account lock makes two parallel requests
 * see each other.
 */
export async function startCheckout(
  billing: Billing,
  userId: string,
  request: CheckoutRequest,
  language: Language,
): Promise<Redirect> {
  const { db, provider, clock } = billing;
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('Unauthorized');
    if (user.plan === 'enterprise') throw new AppError('SubscriptionNotChangeable');
    if (await findOpenCheckout(tx, userId, clock.now())) throw new AppError('CheckoutInProgress');
    const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
    const current = await findCurrentSubscription(tx, userId);

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

    const currency = getCheckoutCurrency(request.currency, language);
    const amount = getPlanPrice(request.planId, request.cycle, currency);
    const started = await provider.createCheckout({
      buyer: {
        userId,
        email: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
        language,
        customerId: account?.customerId ?? null,
      },
      planId: request.planId,
      cycle: request.cycle,
      currency,
      amount,
      successUrl: billing.pageUrl('/account/settings?tab=billing&checkout=success'),
      cancelUrl: billing.pageUrl('/pricing?checkout=cancelled'),
    });
    if (!account) {
      await tx
        .insert(billingAccounts)
        .values({ userId, provider: provider.kind, customerId: started.customerId, taxId: user.taxId });
    }
    await tx.insert(checkoutSessions).values({
      id: started.id,
      provider: provider.kind,
      userId,
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
export async function cancelCheckout(billing: Billing, userId: string): Promise<void> {
  const open = await findOpenCheckout(billing.db, userId, billing.clock.now());
  if (open?.status !== 'open') return;
  await billing.provider.expireCheckout(open.id);
  await billing.db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(eq(checkoutSessions.id, open.id));
}
