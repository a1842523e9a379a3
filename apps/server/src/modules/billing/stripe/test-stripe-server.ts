import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { listenOnLoopback } from '#server/test/loopback-server.ts';
import { routeCustomerRequest, taxIdsOf } from './test-stripe-customers.ts';
import { createInvoice } from './test-stripe-invoices.ts';
import {
  createCustomerDetails,
  createPaymentMethod,
  createPrices,
  createSubscription,
  fixture,
  newId,
  nowSeconds,
} from './test-stripe-objects.ts';
import { type Reply, routeStripeRequest, type TestStripeState } from './test-stripe-routes.ts';

/** A request the server got: a POST's form fields or a GET's query, as Stripe's library encoded them. */
export type RecordedRequest = {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
};

type Failure = 'server-error' | 'drop-connection' | null;

/**
 * A local stand-in for Stripe's API for tests (node:http on 127.0.0.1, a free port): it answers the calls
 * the provider and the webhooks make with objects shaped as Stripe's (test-stripe-objects.ts), keeps
 * them so a test can move a subscription or an invoice as Stripe would, records each request, and can be
 * made to fail.
 */
export async function startTestStripeServer() {
  const state: TestStripeState = {
    prices: new Map(createPrices().map((price) => [price.id, price])),
    customers: new Map(),
    sessions: new Map(),
    sessionPrices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    charges: new Map(),
    taxIds: new Map(),
  };
  const { prices, customers, sessions, sessionPrices, subscriptions, invoices, charges } = state;
  const requests: RecordedRequest[] = [];
  let failure: Failure = null;
  let invoiceCount = 0;

  async function onRequest(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let body = '';
    for await (const chunk of request) body += chunk;
    const params = new URLSearchParams(request.method === 'GET' ? url.search : body);
    requests.push({ method: request.method ?? '', path: url.pathname, params, headers: request.headers });
    if (failure === 'drop-connection') return request.socket.destroy();
    const reply: Reply =
      failure === 'server-error'
        ? { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } }
        : (routeCustomerRequest(state, request.method ?? '', url.pathname, params) ??
          routeStripeRequest(state, request.method ?? '', url.pathname, params));
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => void onRequest(request, response));
  const { url, close } = await listenOnLoopback(server);

  return {
    url,
    requests,
    prices,
    customers,
    /** A customer's tax ids, as `br_cpf 529.982.247-25`. */
    taxIdsOf: (customerId: string) => taxIdsOf(state, customerId),
    sessions,
    subscriptions,
    invoices,
    /** Requests to one path (`/v1/customers`…). */
    requestsTo: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
    /** From now on every request fails: a 500 from Stripe, or a connection dropped before any answer. */
    fail(mode: Failure) {
      failure = mode;
    },
    /**
     * The payer finished Stripe's checkout page: the session completes and its subscription exists, active
     * for a card, incomplete for a boleto not yet paid (its session `unpaid`).
     */
    completeCheckout(sessionId: string, { method = 'card' }: { method?: 'card' | 'boleto' } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const customer = session.customer as string;
      const subscription = createSubscription({
        customer,
        price: prices.get(sessionPrices.get(sessionId) ?? '')!,
        metadata: { organizationId: session.metadata?.organizationId ?? '' },
        status: method === 'card' ? 'active' : 'incomplete',
        paymentMethod: createPaymentMethod(method, customer),
      });
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: method === 'card' ? 'paid' : 'unpaid',
        subscription: subscription.id,
        customer_details: createCustomerDetails(customers.get(customer)?.email ?? 'payer@example.com'),
      });
      return { session, subscription };
    },
    /** Stripe moved a subscription (a renewal failed, the customer cancelled, changed plan…). */
    updateSubscription(id: string, change: Partial<Stripe.Subscription> & { priceId?: string }) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      const { priceId, ...fields } = change;
      Object.assign(subscription, fields);
      const [item] = subscription.items.data;
      if (priceId && item) item.price = prices.get(priceId)!;
      return subscription;
    },
    /** Stripe invoiced a subscription's current period (open until paid). */
    addInvoice(subscriptionId: string, options: { status: 'open' | 'paid'; isBoleto?: boolean }) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      invoiceCount += 1;
      const session = [...sessions.values()].find((candidate) => candidate.subscription === subscriptionId);
      const invoice = createInvoice({
        subscription,
        number: `TEST-${String(invoiceCount).padStart(4, '0')}`,
        status: options.status,
        isBoleto: options.isBoleto ?? false,
        billedTo: session?.customer_details ?? null,
      });
      invoices.set(invoice.id, invoice);
      return invoice;
    },
    /** The customer paid an invoice (the card retried, the boleto cleared at the bank). */
    payInvoice(id: string) {
      const invoice = invoices.get(id);
      if (!invoice) throw new Error(`no invoice ${id}`);
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
      invoice.status_transitions.paid_at = nowSeconds();
      for (const payment of invoice.payments?.data ?? []) {
        payment.status = 'paid';
        const intent = payment.payment.payment_intent;
        if (typeof intent === 'object') Object.assign(intent, { status: 'succeeded', next_action: null });
      }
      return invoice;
    },
    /**
     * A paid invoice's charge refunded in full (a refund from the Dashboard): the charge, refunded, of the
     * invoice's PaymentIntent, for a `charge.refunded` event. The invoice itself stays paid, as at Stripe.
     */
    refundInvoice(id: string) {
      const invoice = invoices.get(id);
      const intent = invoice?.payments?.data[0]?.payment.payment_intent;
      if (!invoice || typeof intent !== 'object' || !intent) throw new Error(`no paid invoice ${id}`);
      const charge: Stripe.Charge = {
        ...fixture<Stripe.Charge>('charge'),
        id: newId('ch'),
        created: nowSeconds(),
        amount: invoice.amount_paid,
        amount_captured: invoice.amount_paid,
        amount_refunded: invoice.amount_paid,
        captured: true,
        currency: invoice.currency,
        customer: invoice.customer,
        payment_intent: intent.id,
        refunded: true,
      };
      charges.set(charge.id, charge);
      return charge;
    },
    close,
  };
}

export type TestStripeServer = Awaited<ReturnType<typeof startTestStripeServer>>;
