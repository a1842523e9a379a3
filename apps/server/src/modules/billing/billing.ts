import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { KeyInvalidation } from '../gateway/invalidation.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentsProvider } from './provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';
import type { BillingState } from './subscription-state.ts';
import { type BillingClock, createBillingClock } from './test-mode/test-clock.ts';
import { createTestProvider } from './test-mode/test-provider.ts';

/** Everything the billing routes share, built once per app (decision 014). */
export type Billing = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  provider: PaymentsProvider;
  state: BillingState;
  /** Each account's billing time: the real clock, or in test mode the account's own test clock. */
  clock: BillingClock;
  /** Where a page of the SPA (`/billing/...`) is, for providers that send the browser back: absolute for
   * Stripe, the path itself in test mode (the browser stays on its origin). */
  pageUrl(path: string): string;
};

export async function createBilling(options: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  invalidation: KeyInvalidation;
  /** Where paid invoices' notas go and how their worker is woken (modules/nfse, decision 038). */
  nfse: BillingState['nfse'];
}): Promise<Billing> {
  const { config, db, log, mailer, invalidation, nfse } = options;
  const clock = createBillingClock(db, config.PAYMENTS_PROVIDER === 'test');
  const state: BillingState = {
    db,
    graceMs: config.BILLING_GRACE_DAYS * 86_400_000,
    now: () => Date.now(),
    accountNow: clock.now,
    onPlanChanged: (organizationId) => invalidation.organizationChanged(organizationId),
    nfse,
  };
  // Stripe sends the browser back to absolute URLs. Test mode's pages are this app's own, so they are
  // answered as paths: the browser stays on the origin it uses (127.0.0.1, a LAN address), where it is
  // signed in, rather than PUBLIC_URL's (issue 28).
  const pageUrl =
    config.PAYMENTS_PROVIDER === 'stripe'
      ? (path: string) => new URL(path, config.publicUrl).toString()
      : (path: string) => path;
  const provider =
    config.PAYMENTS_PROVIDER === 'stripe'
      ? createStripeProvider(config, log)
      : createTestProvider({ pageUrl });
  return { config, db, log, mailer, provider, state, clock, pageUrl };
}
