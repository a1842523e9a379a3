import type { Db } from '../../db/client.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import type { Reservation } from './lockout.ts';

/** How a failed sign-in failed: the password, or the second step (`method`: the factor tried). */
export type SignInFailure =
  | { reason: 'password'; method: 'password' }
  | { reason: 'second_factor'; method: string };

/**
 * `auth.sign_in_failed` for an existing account (never for an unknown e-mail: decision 017), and
 * `auth.locked_out` when that password attempt was the one that locked the address. A failure changes
 * nothing else here (the attempt was counted before the check), so the entries have their own transaction.
 */
export function recordSignInFailure(
  db: Db,
  context: AuditContext,
  userId: string,
  failure: SignInFailure,
  reservation?: Reservation,
): Promise<void> {
  return db.transaction(async (tx) => {
    await recordAudit(tx, context, { event: 'auth.sign_in_failed', userId, details: failure });
    if (!reservation?.lockedUntil) return;
    await recordAudit(tx, context, {
      event: 'auth.locked_out',
      userId,
      details: { failures: reservation.failures, lockedUntil: reservation.lockedUntil.toISOString() },
    });
  });
}

/**
 * `auth.session_revoked` with scope `others`: a change that ends every session but the one making it (the
 * password, the e-mail), recorded in its transaction when it ended any.
 */
export async function recordOtherSessionsEnded(
  tx: Db,
  context: AuditContext,
  userId: string,
  keptSessionId: string,
  ended: number,
): Promise<void> {
  if (ended === 0) return;
  await recordAudit(tx, context, {
    event: 'auth.session_revoked',
    userId,
    details: { scope: 'others', sessionId: keptSessionId, ended },
  });
}
