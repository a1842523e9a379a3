import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createConfiguredIssuer } from './create-issuer.ts';
import type { NfseDeps } from './nfse-deps.ts';
import { type NfseSweeper, startNfseSweeper } from './sweeper.ts';

/** The NFS-e module as the app holds it: its settings, issuer and sweeper. */
export type Nfse = { deps: NfseDeps; sweeper: NfseSweeper };

/** Builds the configured issuer and starts this instance's sweeper (app.ts stops it on close). */
export function createNfse(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}): Nfse {
  const deps: NfseDeps = {
    ...options,
    log: options.log.child({ module: 'nfse' }),
    issuer: createConfiguredIssuer(options.config, options.db, () => deps.now()),
    now: () => new Date(),
  };
  return { deps, sweeper: startNfseSweeper(deps) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The NFS-e worker's settings and sweeper (tests stop it and sweep with their own clock). */
    nfse: Nfse;
  }
}
