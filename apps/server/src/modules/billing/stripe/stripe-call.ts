import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '#server/lib/app-error.ts';

/** Runs one Stripe API call; Stripe being unavailable becomes `PaymentsUnavailable` (503). */
export type StripeCall = <T>(call: () => Promise<T>) => Promise<T>;

/** Stripe could not answer (network, its 5xx, rate limit, a key it refuses): not the customer's fault. */
export function isStripeUnavailable(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  if (error.statusCode !== undefined && error.statusCode >= 500) return true;
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError
  );
}

/**
 * Stripe refused a call as made: a mistake of ours or an object gone, never the client's, so a 500 unless
 * the caller handles it (Stripe's own error carries a 4xx status the error handler would pass on).
 */
export class StripeRefusedError extends Error {
  override name = 'StripeRefusedError';
  constructor(readonly stripeError: Stripe.errors.StripeError) {
    super(`Stripe refused the request: ${stripeError.message}`);
  }
}

/** Stripe refused the request as made (an unknown object, a session no longer open…). */
export function isStripeInvalidRequest(error: unknown): boolean {
  return (
    error instanceof StripeRefusedError &&
    error.stripeError instanceof Stripe.errors.StripeInvalidRequestError
  );
}

/** Stripe answered that the object does not exist (or no longer does). */
export function isStripeNotFound(error: unknown): boolean {
  return isStripeInvalidRequest(error) && (error as StripeRefusedError).stripeError.statusCode === 404;
}

export function createStripeCall(getLog: () => FastifyBaseLogger | undefined): StripeCall {
  return async (call) => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && !isStripeUnavailable(error)) {
        throw new StripeRefusedError(error);
      }
      if (!isStripeUnavailable(error)) throw error;
      // The 503 the client gets says nothing of the cause; the log does.
      getLog()?.warn({ err: error }, 'Stripe is unavailable');
      throw new AppError('PaymentsUnavailable');
    }
  };
}
