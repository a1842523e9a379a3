import {
  type PaymentMethod,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '@cotacep/shared/billing-schemas';
import type Stripe from 'stripe';
import type { Billing } from '../billing.ts';
import type { SubscriptionReport } from '../subscription-state.ts';
import { findAccountOwner, metadataOrganizationId } from './stripe-accounts.ts';
import { isStripeNotFound } from './stripe-call.ts';
import { idOf, type StripeApi, toDate } from './stripe-client.ts';
import type { PricedPlan } from './stripe-prices.ts';

/** What a report needs besides the subscription: its payment method and its scheduled downgrade. */
const EXPAND = ['default_payment_method', 'schedule.phases.items.price'];

function toStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  if ((SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) return status as SubscriptionStatus;
  // `paused` (a trial that ended without a payment method) collects nothing: no plan, as unpaid.
  return 'unpaid';
}

function toPaymentMethod(method: Stripe.Subscription['default_payment_method']): PaymentMethod {
  return typeof method === 'object' && method?.type === 'boleto' ? 'boleto' : 'card';
}

/** A change that waits for the period's end (a downgrade from the portal): the schedule's next phase. */
async function findScheduledChange(
  api: StripeApi,
  subscription: Stripe.Subscription,
  current: PricedPlan,
  periodEnd: number,
): Promise<PricedPlan | null> {
  const { schedule } = subscription;
  if (!schedule || typeof schedule === 'string') return null;
  const price = schedule.phases.find((phase) => phase.start_date >= periodEnd)?.items[0]?.price;
  if (!price || (typeof price === 'object' && 'deleted' in price && price.deleted)) return null;
  const next = await api.prices.findPlanOfPrice(price as string | Stripe.Price);
  if (!next || (next.planId === current.planId && next.cycle === current.cycle)) return null;
  return next;
}

/**
 * The subscription as Stripe has it now, read again from the API so that the order events arrive in never
 * matters; `stateAt` is the time of the read. Null for a subscription that is not ours.
 */
export async function readSubscriptionReport(
  billing: Billing,
  api: StripeApi,
  id: string,
  hint: { organizationId?: string | null; payload?: Stripe.Subscription },
): Promise<SubscriptionReport | null> {
  const stateAt = new Date(billing.state.now());
  let subscription: Stripe.Subscription;
  try {
    subscription = await api.call(() => api.client.subscriptions.retrieve(id, { expand: EXPAND }));
  } catch (error) {
    // Gone from Stripe (its customer deleted): the event's own copy is the last word.
    if (!(isStripeNotFound(error) && hint.payload)) throw error;
    subscription = hint.payload;
  }
  const item = subscription.items.data[0];
  const plan = item ? await api.prices.findPlanOfPrice(item.price) : null;
  const organizationId = await findAccountOwner(billing.db, {
    organizationId: metadataOrganizationId(subscription.metadata) ?? hint.organizationId,
    customerId: idOf(subscription.customer),
  });
  if (!item || !plan || !organizationId) {
    billing.log.warn(
      { subscriptionId: id, organizationId },
      'ignored a Stripe subscription of no known plan or account',
    );
    return null;
  }
  const scheduled = await findScheduledChange(api, subscription, plan, item.current_period_end);
  return {
    provider: 'stripe',
    id: subscription.id,
    organizationId,
    ...plan,
    status: toStatus(subscription.status),
    paymentMethod: toPaymentMethod(subscription.default_payment_method),
    // Since API version 2025-03-31 the period belongs to the subscription's item.
    currentPeriodStart: toDate(item.current_period_start),
    currentPeriodEnd: toDate(item.current_period_end),
    // The portal's "cancel" sets either flag, depending on the account's settings.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    scheduledPlanId: scheduled?.planId ?? null,
    scheduledCycle: scheduled?.cycle ?? null,
    endedAt: subscription.ended_at ? toDate(subscription.ended_at) : null,
    stateAt,
  };
}
