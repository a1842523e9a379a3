import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { KeyInvalidation } from '../gateway/invalidation.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentsProvider } from './provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';
import type { BillingState } from './subscription-state.ts';
import { createTestClock, type TestClock } from './test-mode/test-clock.ts';
import { createTestProvider } from './test-mode/test-provider.ts';

/** Everything the billing routes share, built once per app (decision 014). */
export type Billing = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  provider: PaymentsProvider;
  state: BillingState;
  /** Test mode's billing clock (the real clock with an offset that development can advance). */
  clock: TestClock;
  /** Absolute URL of a page of the SPA (`/billing/...`), for providers that send the browser back. */
  pageUrl(path: string): string;
};

export async function createBilling(options: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  invalidation: KeyInvalidation;
}): Promise<Billing> {
  const { config, db, log, mailer, invalidation } = options;
  const clock = await createTestClock(db, config.PAYMENTS_PROVIDER === 'test');
  const state: BillingState = {
    db,
    graceMs: config.BILLING_GRACE_DAYS * 86_400_000,
    now: clock.now,
    onPlanChanged: (userId) => invalidation.userChanged(userId),
  };
  const pageUrl = (path: string) => new URL(path, config.publicUrl).toString();
  const provider =
    config.PAYMENTS_PROVIDER === 'stripe'
      ? createStripeProvider(config, log)
      : createTestProvider({ clock, pageUrl });
  return { config, db, log, mailer, provider, state, clock, pageUrl };
}
