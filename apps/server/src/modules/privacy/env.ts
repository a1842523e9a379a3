import { z } from 'zod';

/** The customer's LGPD rights (issue 26): data exports and account closures. Spread into config.ts's envSchema. */
export const privacyEnv = {
  /** Hours a prepared "Download my data" file stays downloadable. */
  DATA_EXPORT_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Days between "Close my account" and the anonymisation, during which signing in cancels it. */
  ACCOUNT_CLOSURE_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /**
   * How often each instance looks for data exports to prepare and closures to carry out (an export is also
   * started at once on the instance that took the request).
   */
  PRIVACY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
};
