import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '#server/lib/app-error.ts';
import type { Billing } from '../billing.ts';
import { getStripeApi, type StripeApi } from './stripe-client.ts';
import { handleStripeEvent } from './stripe-events.ts';

/** The event Stripe signed: the exact bytes it sent, its `Stripe-Signature`, a timestamp not too old. */
function verifyEvent(api: StripeApi, billing: Billing, request: FastifyRequest): Stripe.Event {
  const signature = request.headers['stripe-signature'];
  const { STRIPE_WEBHOOK_SECRET: secret, STRIPE_WEBHOOK_TOLERANCE_SECONDS: tolerance } = billing.config;
  if (!(request.body instanceof Buffer) || typeof signature !== 'string' || !secret) {
    throw new AppError('WebhookSignatureInvalid');
  }
  try {
    return api.client.webhooks.constructEvent(request.body, signature, secret, tolerance);
  } catch (error) {
    request.log.info({ err: error }, 'refused a Stripe webhook');
    throw new AppError('WebhookSignatureInvalid');
  }
}

/**
 * `POST <API_URL>/billing/webhooks/stripe`: Stripe's events (decision 014). Each is verified, applied
 * once, and answered 200 `{ received: true }`; a 5xx (Stripe unreachable for the re-read) makes Stripe
 * deliver it again later.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ billing: Billing }> = async (app, { billing }) => {
  const api = getStripeApi(billing.config, billing.log);

  // The signature covers the raw body: in this scope only, JSON stays the Buffer it arrived as.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/webhooks/stripe', { schema: { hide: true } }, async (request) => {
    const event = verifyEvent(api, billing, request);
    await handleStripeEvent(billing, api, event);
    return { received: true };
  });
};
