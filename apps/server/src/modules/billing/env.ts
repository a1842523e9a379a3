import { z } from 'zod';

/** Payments and billing settings (decision 014), spread into config.ts's envSchema. */
export const billingEnv = {
  /** `test`: the embedded test-mode provider (checkout and manage pages in the app); `stripe`: Stripe. */
  PAYMENTS_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  /** Days a past_due subscription keeps its plan before the account falls to Free. */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** How often subscriptions past their grace period or their end are swept. */
  BILLING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
  /** Stripe's secret API key (`sk_…`); required with PAYMENTS_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The webhook endpoint's signing secret (`whsec_…`); required with PAYMENTS_PROVIDER=stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API base URL; a local protocol server in tests. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Seconds a webhook's signed timestamp may be old (Stripe's library default). */
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
  /** Where the Enterprise and Contact forms are mailed. */
  CONTACT_EMAIL: z.email().default('contato@cotacep.local'),
};
