import type Stripe from 'stripe';
import { idOf } from './stripe-client.ts';
import { fixture, newId, nowSeconds } from './test-stripe-objects.ts';
import { readSessionPaymentMethods, updateInvoicePaymentSettings } from './test-stripe-pix.ts';

/** What the test Stripe server holds, as Stripe would: found by id, changed by the calls and the tests. */
export type TestStripeState = {
  prices: Map<string, Stripe.Price>;
  customers: Map<string, Stripe.Customer>;
  sessions: Map<string, Stripe.Checkout.Session>;
  /** The price each Checkout Session sells (its line item). */
  sessionPrices: Map<string, string>;
  subscriptions: Map<string, Stripe.Subscription>;
  invoices: Map<string, Stripe.Invoice>;
  /** Charges the tests refunded (`refundInvoice`), by id. */
  charges: Map<string, Stripe.Charge>;
  /** The customers' tax ids (CPF, CNPJ), by id. */
  taxIds: Map<string, Stripe.TaxId>;
};

export type Reply = { status: number; body: unknown };

export const notFound = (what: string): Reply => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});
/** A page of a list, as Stripe answers one: all of it. */
export const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

/** The values of an array parameter (`name[0]`, `name[1]`…). */
export const listParam = (params: URLSearchParams, name: string) =>
  [...params.entries()].filter(([key]) => new RegExp(`^${name}\\[\\d+\\]$`).test(key)).map(([, v]) => v);

/** Answers one call of Stripe's API the portal makes, from and into the server's state. */
export function routeStripeRequest(
  state: TestStripeState,
  method: string,
  path: string,
  params: URLSearchParams,
): Reply {
  const { prices, sessions, sessionPrices, subscriptions, invoices, charges } = state;
  const id = /\/((?:cus|price|cs|sub|in|ch)_[^/]+)/.exec(path)?.[1] ?? '';
  switch (`${method} ${id ? path.replace(id, ':id') : path}`) {
    case 'GET /v1/prices': {
      const keys = listParam(params, 'lookup_keys');
      const found = [...prices.values()].filter((price) => keys.includes(price.lookup_key ?? ''));
      return { status: 200, body: list(found, '/v1/prices') };
    }
    case 'GET /v1/prices/:id':
      return prices.has(id) ? { status: 200, body: prices.get(id) } : notFound('price');
    case 'POST /v1/checkout/sessions': {
      const price = prices.get(params.get('line_items[0][price]') ?? '');
      if (!price) return notFound('price');
      const sessionId = newId('cs');
      const methods = listParam(params, 'allowed_payment_method_types');
      const { refusal, options } = readSessionPaymentMethods(params, methods, price.currency);
      if (refusal) return refusal;
      const session: Stripe.Checkout.Session = {
        ...fixture<Stripe.Checkout.Session>('checkout-session'),
        id: sessionId,
        created: nowSeconds(),
        expires_at: nowSeconds() + 86_400,
        mode: params.get('mode') as Stripe.Checkout.Session.Mode,
        customer: params.get('customer'),
        client_reference_id: params.get('client_reference_id'),
        metadata: { organizationId: params.get('metadata[organizationId]') ?? '' },
        allowed_payment_method_types: methods,
        payment_method_types: methods,
        payment_method_options: options,
        billing_address_collection: params.get('billing_address_collection') as 'required',
        locale: params.get('locale') as Stripe.Checkout.Session.Locale,
        currency: price.currency,
        amount_subtotal: price.unit_amount,
        amount_total: price.unit_amount,
        customer_details: null,
        payment_intent: null,
        success_url: params.get('success_url'),
        cancel_url: params.get('cancel_url'),
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      sessionPrices.set(sessionId, price.id);
      return { status: 200, body: session };
    }
    case 'POST /v1/checkout/sessions/:id/expire': {
      const session = sessions.get(id);
      if (!session) return notFound('checkout.session');
      if (session.status !== 'open') {
        const message = `Only Checkout Sessions with a status of open can be expired.`;
        return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
      }
      session.status = 'expired';
      return { status: 200, body: session };
    }
    case 'POST /v1/billing_portal/sessions': {
      const flowType = params.get('flow_data[type]');
      const returnUrl = params.get('return_url');
      const session: Stripe.BillingPortal.Session = {
        ...fixture<Stripe.BillingPortal.Session>('billing-portal-session'),
        id: newId('bps'),
        created: nowSeconds(),
        customer: params.get('customer') ?? '',
        livemode: false,
        locale: params.get('locale') as Stripe.BillingPortal.Session.Locale,
        return_url: returnUrl,
        url: `https://billing.stripe.com/p/session/${newId('bps')}`,
        flow: flowType
          ? ({
              type: flowType,
              after_completion: { type: 'redirect', redirect: { return_url: returnUrl ?? '' } },
              subscription_update_confirm: {
                subscription: params.get('flow_data[subscription_update_confirm][subscription]') ?? '',
                items: [
                  {
                    id: params.get('flow_data[subscription_update_confirm][items][0][id]'),
                    price: params.get('flow_data[subscription_update_confirm][items][0][price]'),
                  },
                ],
                discounts: null,
              },
            } as Stripe.BillingPortal.Session.Flow)
          : null,
      };
      return { status: 200, body: session };
    }
    case 'GET /v1/subscriptions/:id': {
      const subscription = subscriptions.get(id);
      if (!subscription) return notFound('subscription');
      // As Stripe: an expandable field is an id unless the request asked for the object.
      const expand = listParam(params, 'expand');
      const method = subscription.default_payment_method;
      const isExpanded = expand.includes('default_payment_method') || typeof method === 'string';
      return {
        status: 200,
        body: isExpanded ? subscription : { ...subscription, default_payment_method: method?.id ?? null },
      };
    }
    case 'GET /v1/invoices/:id': {
      const invoice = invoices.get(id);
      if (!invoice) return notFound('invoice');
      const expand = listParam(params, 'expand');
      const { payments: _payments, ...rest } = invoice;
      return { status: 200, body: expand.some((field) => field.startsWith('payments')) ? invoice : rest };
    }
    case 'POST /v1/invoices/:id': {
      const invoice = invoices.get(id);
      if (!invoice) return notFound('invoice');
      const types = listParam(params, 'payment_settings\\[payment_method_types\\]');
      return updateInvoicePaymentSettings(invoice, params, types);
    }
    case 'GET /v1/charges/:id':
      return charges.has(id) ? { status: 200, body: charges.get(id) } : notFound('charge');
    case 'GET /v1/invoice_payments': {
      // Filtered as Stripe does by `payment[type]=payment_intent&payment[payment_intent]=pi_…`.
      const intent = params.get('payment[payment_intent]');
      const found = [...invoices.values()]
        .flatMap((invoice) => invoice.payments?.data ?? [])
        .filter((payment) => idOf(payment.payment.payment_intent) === intent)
        // Unexpanded, as Stripe answers a list: the PaymentIntent by its id.
        .map((payment) => ({ ...payment, payment: { ...payment.payment, payment_intent: intent } }));
      return { status: 200, body: list(found, '/v1/invoice_payments') };
    }
    default:
      return notFound(`route ${method} ${path}`);
  }
}
