import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import type { Buyer, CheckoutInput, PaymentsProvider } from '../provider.ts';
import { isStripeInvalidRequest } from './stripe-call.ts';
import { getStripeApi, idOf, type StripeApi, toDate } from './stripe-client.ts';
import { syncStripeCustomer, toStripeCustomerFields, toStripeTaxId } from './stripe-customer.ts';
import { checkoutPaymentMethods } from './stripe-pix.ts';

/** Stripe's pages in the customer's language: Portuguese (Brazil) or English. */
function toStripeLocale(language: string): 'pt-BR' | 'en' {
  return language === 'pt-BR' ? 'pt-BR' : 'en';
}

/**
 * The account's Stripe customer, created at its first checkout (the checkout route stores it) with the
 * billing details where there are some. The idempotency key makes a retried first checkout (its transaction rolled back) find the customer it
 * already created instead of making a second one.
 */
async function findOrCreateCustomer(api: StripeApi, buyer: Buyer): Promise<string> {
  const { details } = buyer;
  if (buyer.customerId) {
    // The checkout asks nothing the details hold: the customer must hold them as they are now.
    if (details) await syncStripeCustomer(api, buyer.customerId, details);
    return buyer.customerId;
  }
  const taxId = details && toStripeTaxId(details);
  const params: Stripe.CustomerCreateParams = {
    // With billing details, the customer is who they name (stripe-customer.ts); else the buyer.
    ...(details ? toStripeCustomerFields(details) : { email: buyer.email, name: buyer.name }),
    ...(taxId ? { tax_id_data: [taxId] } : {}),
    preferred_locales: [toStripeLocale(buyer.language)],
    metadata: { organizationId: buyer.organizationId },
  };
  // Stripe refuses a key reused with other parameters: a retry with a new name or language gets its own.
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
  const idempotencyKey = `cotacep-customer-${buyer.organizationId}-${digest}`;
  const customer = await api.call(() => api.client.customers.create(params, { idempotencyKey }));
  return customer.id;
}

async function createCheckout(api: StripeApi, input: CheckoutInput) {
  const { buyer, currency } = input;
  const [customerId, priceId] = await Promise.all([
    findOrCreateCustomer(api, buyer),
    api.prices.findPriceId(input),
  ]);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    customer: customerId,
    client_reference_id: buyer.organizationId,
    line_items: [{ price: priceId, quantity: 1 }],
    // Boleto and Pix are Brazilian: in reais only, Pix for a yearly plan (stripe-pix.ts).
    ...checkoutPaymentMethods({ currency, cycle: input.cycle }),
    // Stripe prints the CPF/CNPJ and address on its invoices: the customer has them from the billing
    // details, else the checkout asks them (and keeps them on the customer).
    ...(buyer.details
      ? { billing_address_collection: 'auto' as const }
      : {
          billing_address_collection: 'required' as const,
          tax_id_collection: { enabled: true },
          customer_update: { name: 'auto' as const, address: 'auto' as const },
        }),
    subscription_data: { metadata: { organizationId: buyer.organizationId } },
    metadata: { organizationId: buyer.organizationId },
    locale: toStripeLocale(buyer.language),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  };
  const session = await api.call(() => api.client.checkout.sessions.create(params));
  if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
  return { id: session.id, url: session.url, customerId, expiresAt: toDate(session.expires_at) };
}

/** Payments through Stripe: Checkout for new subscribers, the Billing Portal for everything after. */
export function createStripeProvider(config: Config, log?: FastifyBaseLogger): PaymentsProvider {
  const api = getStripeApi(config, log);
  const { client } = api;
  return {
    kind: 'stripe',
    createCheckout: (input) => createCheckout(api, input),
    syncCustomer: (customerId, details) => syncStripeCustomer(api, customerId, details),
    async createPortal({ customerId, returnUrl, language }) {
      const session = await api.call(() =>
        client.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          locale: toStripeLocale(language),
        }),
      );
      return { url: session.url };
    },
    async changePlan({ customerId, subscriptionId, returnUrl, language, ...plan }) {
      const [subscription, priceId] = await Promise.all([
        api.call(() => client.subscriptions.retrieve(subscriptionId)),
        api.prices.findPriceId(plan),
      ]);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      const session = await api.call(() =>
        client.billingPortal.sessions.create({
          customer: customerId || (idOf(subscription.customer) ?? ''),
          return_url: returnUrl,
          locale: toStripeLocale(language),
          flow_data: {
            type: 'subscription_update_confirm',
            subscription_update_confirm: {
              subscription: subscriptionId,
              items: [{ id: item.id, price: priceId, quantity: 1 }],
            },
            after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
          },
        }),
      );
      return { url: session.url };
    },
    async expireCheckout(id) {
      try {
        await api.call(() => client.checkout.sessions.expire(id));
      } catch (error) {
        // Already completed or expired at Stripe: nothing left to abandon.
        if (!isStripeInvalidRequest(error)) throw error;
      }
    },
  };
}
