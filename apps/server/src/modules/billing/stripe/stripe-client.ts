import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import { createStripeCall, type StripeCall } from './stripe-call.ts';
import { createPriceCatalog, type PriceCatalog } from './stripe-prices.ts';

/** The Stripe client and the price catalogue, shared by the provider and the webhooks of one app. */
export type StripeApi = {
  client: Stripe;
  prices: PriceCatalog;
  call: StripeCall;
  log: FastifyBaseLogger | undefined;
};

const apis = new WeakMap<Config, StripeApi>();

/** One client per app, pointed at STRIPE_API_URL (Stripe itself, or a local server in tests). */
export function getStripeApi(config: Config, log?: FastifyBaseLogger): StripeApi {
  const known = apis.get(config);
  if (known) {
    known.log ??= log;
    return known;
  }
  const url = new URL(config.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const client = new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // One retry (with an idempotency key on POSTs), then the caller answers 503 and the browser or
    // Stripe's webhook delivery tries again later.
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
  const call = createStripeCall(() => api.log);
  const api: StripeApi = { client, call, log, prices: createPriceCatalog(client, call) };
  apis.set(config, api);
  return api;
}

/** The id of an expandable field (`string | { id }`), or null. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** A Stripe time (seconds since the epoch) as a Date. */
export const toDate = (seconds: number) => new Date(seconds * 1000);
