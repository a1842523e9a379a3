import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  BILLING_CURRENCIES,
  BILLING_CYCLES,
  type BillingCycle,
  getPlanPrice,
  PAID_PLAN_IDS,
} from '@cotacep/shared/plans';
import type Stripe from 'stripe';
import { toLookupKey } from './stripe-prices.ts';

/**
 * Stripe objects for the test server, built on the fixtures Stripe publishes (fixtures/SOURCE.md): the
 * fixture gives the shape, the builder the values of the scenario.
 */
export function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as T;
}

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** On the wire a decimal is a string (the library turns it into its `Decimal`). */
export const toDecimal = (value: number) => String(value) as unknown as Stripe.Decimal;

/** Every plan's price in each cycle and currency, with our lookup keys. */
export function createPrices(): Stripe.Price[] {
  const base = fixture<Stripe.Price>('price');
  return PAID_PLAN_IDS.flatMap((planId) =>
    BILLING_CYCLES.flatMap((cycle) =>
      BILLING_CURRENCIES.map((currency): Stripe.Price => {
        const lookupKey = toLookupKey({ planId, cycle, currency });
        const amount = getPlanPrice(planId, cycle, currency);
        return {
          ...base,
          id: `price_test_${lookupKey}`,
          lookup_key: lookupKey,
          currency: currency.toLowerCase(),
          product: `prod_test_${planId}`,
          recurring: { ...base.recurring!, interval: cycle === 'yearly' ? 'year' : 'month' },
          unit_amount: amount,
          unit_amount_decimal: toDecimal(amount),
        };
      }),
    ),
  );
}

/** The end of a period that starts at `start` (seconds), a month or a year later. */
export function periodEnd(start: number, cycle: BillingCycle): number {
  const end = new Date(start * 1000);
  if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return Math.floor(end.getTime() / 1000);
}

export function createPaymentMethod(type: 'card' | 'boleto', customer: string): Stripe.PaymentMethod {
  const base = fixture<Stripe.PaymentMethod>('payment-method');
  const method = { ...base, id: newId('pm'), customer, type, created: nowSeconds(), metadata: {} };
  if (type === 'card') return method;
  const { card: _card, ...boleto } = method;
  return { ...boleto, boleto: { tax_id: '12345678909' } } as Stripe.PaymentMethod;
}

/** What a checkout's payer typed in Stripe's form: a Brazilian customer with a CPF. */
export function createCustomerDetails(email: string): Stripe.Checkout.Session.CustomerDetails {
  const base = fixture<Stripe.Checkout.Session>('checkout-session').customer_details!;
  return {
    ...base,
    email,
    name: 'Ana Souza',
    address: {
      city: 'São Paulo',
      country: 'BR',
      line1: 'Av. Paulista, 1000',
      line2: 'Sala 12',
      postal_code: '01310-100',
      state: 'SP',
    },
    tax_ids: [{ type: 'br_cpf', value: '123.456.789-09' }],
  };
}

export function createSubscription(options: {
  customer: string;
  price: Stripe.Price;
  metadata: Record<string, string>;
  status: Stripe.Subscription.Status;
  paymentMethod: Stripe.PaymentMethod;
}): Stripe.Subscription {
  const base = fixture<Stripe.Subscription>('subscription');
  const id = newId('sub');
  const start = nowSeconds();
  const cycle = options.price.recurring?.interval === 'year' ? 'yearly' : 'monthly';
  const [item] = base.items.data;
  return {
    ...base,
    id,
    customer: options.customer,
    currency: options.price.currency,
    metadata: options.metadata,
    status: options.status,
    created: start,
    start_date: start,
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    trial_end: null,
    trial_start: null,
    default_payment_method: options.paymentMethod,
    items: {
      ...base.items,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          ...item!,
          id: newId('si'),
          created: start,
          price: options.price,
          subscription: id,
          current_period_start: start,
          current_period_end: periodEnd(start, cycle),
        },
      ],
    },
  };
}
