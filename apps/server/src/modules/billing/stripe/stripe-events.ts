import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '#server/db/client.ts';
import { billingEvents } from '#server/db/schema/billing-events.ts';
import { type CheckoutStatus, checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import type { Billing } from '../billing.ts';
import { applyBillingChange, type BillingEvent } from '../subscription-state.ts';
import { findAccountOwner, metadataOrganizationId, saveBillingAccount } from './stripe-accounts.ts';
import { idOf, type StripeApi } from './stripe-client.ts';
import { readInvoice, toInvoiceReport } from './stripe-invoice-report.ts';
import { offerPixOnOpenInvoice } from './stripe-pix.ts';
import { readSubscriptionReport } from './stripe-subscription-report.ts';

type CheckoutEvent = Extract<Stripe.Event, { type: `checkout.session.${string}` }>;
type SubscriptionEvent = Extract<Stripe.Event, { type: `customer.subscription.${string}` }>;
type InvoiceEvent = Extract<Stripe.Event, { type: `invoice.${string}` }>;
type ChargeRefundedEvent = Extract<Stripe.Event, { type: 'charge.refunded' }>;

const toBillingEvent = (event: Stripe.Event): BillingEvent => ({
  provider: 'stripe',
  id: event.id,
  type: event.type,
});

async function isApplied(billing: Billing, event: Stripe.Event): Promise<boolean> {
  const [row] = await billing.db
    .select({ eventId: billingEvents.eventId })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, 'stripe'), eq(billingEvents.eventId, event.id)));
  return row !== undefined;
}

/** The statuses a checkout may move from: it only moves forward, whatever order the events come in. */
const MOVES_FROM: Record<Exclude<CheckoutStatus, 'open'>, CheckoutStatus[]> = {
  pending: ['open'],
  complete: ['open', 'pending', 'expired'],
  expired: ['open', 'pending'],
};

async function moveCheckout(
  db: Db,
  id: string,
  status: Exclude<CheckoutStatus, 'open'>,
  subscriptionId: string | null,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set(subscriptionId ? { status, subscriptionId } : { status })
    .where(and(eq(checkoutSessions.id, id), inArray(checkoutSessions.status, MOVES_FROM[status])));
}

/** Checkout: the session's row moves on, the customer and billing details are kept, the subscription read. */
async function onCheckoutEvent(billing: Billing, api: StripeApi, event: CheckoutEvent) {
  const session = event.data.object;
  if (session.mode !== 'subscription') return;
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  const organizationId = await findAccountOwner(billing.db, {
    organizationId: session.client_reference_id ?? metadataOrganizationId(session.metadata),
    customerId,
  });
  if (!organizationId) {
    billing.log.warn(
      { sessionId: session.id, eventId: event.id },
      'ignored a Stripe checkout of no known account',
    );
    return;
  }
  // Read first: with Stripe unavailable the event fails (and comes again) before anything is written.
  const subscription = subscriptionId
    ? await readSubscriptionReport(billing, api, subscriptionId, { organizationId })
    : null;
  if (event.type === 'checkout.session.completed') {
    if (customerId) await saveBillingAccount(billing.db, organizationId, customerId);
    // A boleto is paid days later (async_payment_succeeded); until then the checkout waits.
    const isPaid = session.payment_status !== 'unpaid';
    await moveCheckout(billing.db, session.id, isPaid ? 'complete' : 'pending', subscriptionId);
  } else {
    const isPaid = event.type === 'checkout.session.async_payment_succeeded';
    await moveCheckout(billing.db, session.id, isPaid ? 'complete' : 'expired', subscriptionId);
  }
  if (subscription) await applyBillingChange(billing.state, toBillingEvent(event), { subscription });
}

/** A subscription changed: read it again, whatever the event carried. */
async function onSubscriptionEvent(billing: Billing, api: StripeApi, event: SubscriptionEvent) {
  const payload = event.data.object;
  const subscription = await readSubscriptionReport(billing, api, payload.id, { payload });
  if (subscription) await applyBillingChange(billing.state, toBillingEvent(event), { subscription });
}

/** An invoice changed: the invoice and its subscription (a failed renewal is past_due there) together. */
function onInvoiceEvent(billing: Billing, api: StripeApi, event: InvoiceEvent) {
  return applyInvoice(billing, api, event, event.data.object.id, false);
}

/**
 * A charge refunded in full (issue 27): its invoice, found through the invoice payments of its
 * PaymentIntent, is shown void, as the portal shows every refunded invoice (decision 038), and its NFS-e is
 * cancelled. A partial refund changes neither: the nota stands for what was kept.
 */
async function onChargeRefunded(billing: Billing, api: StripeApi, event: ChargeRefundedEvent) {
  const charge = await api.call(() => api.client.charges.retrieve(event.data.object.id));
  const intentId = idOf(charge.payment_intent);
  if (!charge.refunded || !intentId) return;
  const payments = await api.call(() =>
    api.client.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: intentId },
      limit: 1,
    }),
  );
  const invoiceId = idOf(payments.data[0]?.invoice);
  if (invoiceId) await applyInvoice(billing, api, event, invoiceId, true);
}

/** The invoice read again from Stripe and applied with its subscription; void when its charge was refunded. */
async function applyInvoice(
  billing: Billing,
  api: StripeApi,
  event: Stripe.Event,
  invoiceId: string,
  isRefunded: boolean,
) {
  const stateAt = new Date(billing.state.now());
  const invoice = await readInvoice(api, invoiceId);
  // Issue 27: an open invoice in reais may also be paid by Pix on Stripe's page.
  if (event.type === 'invoice.finalized') await offerPixOnOpenInvoice(api, invoice);
  const parent = invoice.parent?.subscription_details;
  const subscriptionId = idOf(parent?.subscription);
  const subscription = subscriptionId
    ? await readSubscriptionReport(billing, api, subscriptionId, {
        organizationId: metadataOrganizationId(parent?.metadata),
      })
    : null;
  const organizationId =
    subscription?.organizationId ??
    (await findAccountOwner(billing.db, {
      organizationId: metadataOrganizationId(parent?.metadata),
      customerId: idOf(invoice.customer),
    }));
  if (!organizationId) {
    billing.log.warn(
      { invoiceId: invoice.id, eventId: event.id },
      'ignored a Stripe invoice of no known account',
    );
    return;
  }
  const report = await toInvoiceReport(api, invoice, { organizationId, subscription, stateAt });
  if (!subscription && !report) return;
  await applyBillingChange(billing.state, toBillingEvent(event), {
    subscription: subscription ?? undefined,
    invoice: report ? { ...report, ...(isRefunded ? { status: 'void' as const } : {}) } : undefined,
  });
}

/**
 * Applies one verified Stripe event, once (`applyBillingChange` records its id with its effect). Objects are
 * read again from the API, so a late or repeated event applies today's state, never the state it carried.
 * Events of other types are acknowledged and ignored.
 */
export async function handleStripeEvent(
  billing: Billing,
  api: StripeApi,
  event: Stripe.Event,
): Promise<void> {
  if (await isApplied(billing, event)) return;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return onCheckoutEvent(billing, api, event);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return onSubscriptionEvent(billing, api, event);
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.finalized':
    case 'invoice.voided':
    case 'invoice.marked_uncollectible':
      return onInvoiceEvent(billing, api, event);
    case 'charge.refunded':
      return onChargeRefunded(billing, api, event);
    default:
      return;
  }
}
