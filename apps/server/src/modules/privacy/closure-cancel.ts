import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { accountClosures } from '../../db/schema/privacy-requests.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import type { PrivacyDeps } from './privacy-deps.ts';

/** The user's closure that is neither cancelled nor carried out, if any. */
export async function findOpenClosure(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(accountClosures)
    .where(
      and(
        eq(accountClosures.userId, userId),
        isNull(accountClosures.cancelledAt),
        isNull(accountClosures.completedAt),
      ),
    );
  return row ?? null;
}

/**
 * Cancels the user's pending closure, if any: the keys of the organizations it stopped work again on every
 * instance at once. Signing in does this (`via: 'sign_in'`), as does `DELETE /account/close`. Returns
 * whether there was one.
 */
export async function cancelClosure(
  deps: PrivacyDeps,
  context: AuditContext,
  userId: string,
  via: 'sign_in' | 'request',
): Promise<boolean> {
  // The common case (nothing pending) costs one read, not a transaction.
  if (!(await findOpenClosure(deps.db, userId))) return false;
  const restarted = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [closure] = await tx
      .update(accountClosures)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(accountClosures.userId, userId),
          isNull(accountClosures.cancelledAt),
          isNull(accountClosures.completedAt),
        ),
      )
      .returning();
    if (!closure) return null;
    const ids = closure.stoppedOrganizationIds;
    const started =
      ids.length === 0
        ? []
        : await tx
            .update(organizations)
            .set({ keysStoppedAt: null })
            .where(inArray(organizations.id, ids))
            .returning({ id: organizations.id });
    for (const { id } of started) {
      await recordAudit(tx, context, {
        event: 'organization.keys_restarted',
        organizationId: id,
        target: { type: 'organization', id },
        details: { cause: 'account_closure_cancelled' },
      });
    }
    await recordAudit(tx, context, {
      event: 'account.closure_cancelled',
      userId,
      target: { type: 'account_closure', id: closure.id },
      details: { via },
    });
    return started.map((row) => row.id);
  });
  if (!restarted) return false;
  for (const id of restarted) await deps.invalidation.organizationChanged(id);
  return true;
}
