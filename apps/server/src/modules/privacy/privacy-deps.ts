import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { KeyInvalidation } from '../gateway/invalidation.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What the data exports, closures and their sweeper share, built once per app. */
export type PrivacyDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Every instance forgets an organization's keys at once (the gateway's invalidation). */
  invalidation: Pick<KeyInvalidation, 'organizationChanged'>;
  /** The clock: tests move it past a grace period or an expiry. */
  now: () => Date;
};
