import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { auditContextOf } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import type { KeyInvalidation } from '../gateway/invalidation.ts';
import type { Mailer } from '../mail/mailer.ts';
import { cancelClosure } from './closure-cancel.ts';
import type { PrivacyDeps } from './privacy-deps.ts';
import type { PrivacySweeper } from './sweeper.ts';

export function createPrivacyDeps(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  invalidation: Pick<KeyInvalidation, 'organizationChanged'>;
}): PrivacyDeps {
  return { ...options, log: options.log.child({ module: 'privacy' }), now: () => new Date() };
}

/** The identity whose every sign-in (after any second factor) cancels the account's pending closure. */
export function withPrivacy<T extends Identity>(identity: T, deps: PrivacyDeps): T {
  return {
    ...identity,
    async onSessionIssued(request, user) {
      const context = auditContextOf(request, { id: user.id });
      return (await cancelClosure(deps, context, user.id, 'sign_in')) ? { closureCancelled: true } : {};
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The LGPD self-service's settings and sweeper (tests stop it and sweep with their own clock). */
    privacy: { deps: PrivacyDeps; sweeper: PrivacySweeper };
  }
}
