import type { MfaMethod } from '@cotacep/shared/auth-fields';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';

/**
 * The two-step code by e-mail or SMS turned on, off or moved (`PUT /account/mfa`), as factor entries: on is
 * `auth.factor_added`, off `auth.factor_removed`, a move both (the old channel goes, the new one comes).
 * Saving the same settings again records nothing.
 */
export async function recordCodeFactorChange(
  tx: Db,
  context: AuditContext,
  before: User,
  after: { enabled: boolean; method: MfaMethod },
): Promise<void> {
  const wasOn = before.mfaEnabled;
  const moved = wasOn && after.enabled && before.mfaMethod !== after.method;
  if (wasOn && (!after.enabled || moved))
    await recordAudit(tx, context, {
      event: 'auth.factor_removed',
      userId: before.id,
      details: { method: before.mfaMethod },
    });
  if (after.enabled && (!wasOn || moved))
    await recordAudit(tx, context, {
      event: 'auth.factor_added',
      userId: before.id,
      details: { method: after.method },
    });
}
