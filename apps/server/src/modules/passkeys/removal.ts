import { and, eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema/second-factors.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import { sendSecurityNotice } from '../auth/security-notices.ts';
import { removeStrongFactor } from '../auth/strong-factor-removal.ts';
import { findUserPasskey } from './passkey-store.ts';

/**
 * DELETE /account/passkeys/:id, after the recent re-authentication. The rules for the last strong factor
 * (an organization's policy, the password) are the authenticator app's, in `removeStrongFactor`.
 */
export async function removePasskey(
  identity: Identity,
  user: User,
  id: string,
  password: string | undefined,
  context: AuditContext,
): Promise<void> {
  // Another user's passkey, or none: not found, before any rule asks for a password.
  if (!(await findUserPasskey(identity.db, user.id, id))) throw new AppError('PasskeyNotFound');
  const isRemoved = await removeStrongFactor(identity, user, {
    password,
    remove: async (tx) => {
      const [deleted] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
        .returning({ id: passkeys.id, name: passkeys.name });
      if (!deleted) return false;
      await recordAudit(tx, context, {
        event: 'auth.factor_removed',
        userId: user.id,
        target: { type: 'passkey', id: deleted.id },
        details: { method: 'passkey', name: deleted.name },
      });
      return true;
    },
  });
  if (!isRemoved) throw new AppError('PasskeyNotFound');
  await sendSecurityNotice(identity, user, { kind: 'factor_removed', factor: 'passkey' });
}
