import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NfseIssuer } from './issuer.ts';

/** What the NFS-e worker, its notices and its routes share, built once per app (`nfse.ts`). */
export type NfseDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  issuer: NfseIssuer;
  /** The clock: tests move it past a backoff. */
  now: () => Date;
};
