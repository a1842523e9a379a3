import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { staffImpersonations } from '../../db/schema/staff.ts';
import type { GuardIdentity } from '../../plugins/auth-guard.ts';
import { captchaGuard } from '../captcha/captcha-verifier.ts';
import type { Identity } from './identity.ts';
import { isSessionActive } from './tokens/sessions.ts';

/** What the portal's auth guard (a plugin) needs of identity, so plugins never reach into auth. */
export function toGuardIdentity(identity: Identity): GuardIdentity {
  return {
    verifyAccessToken: (token) => identity.tokens.verifyAccessToken(token),
    isSessionActive: (sessionId, userId) => isSessionActive(identity.db, sessionId, userId),
    isImpersonationLive: (impersonationId, userId) =>
      isImpersonationLive(identity.db, impersonationId, userId),
    captchaGuard: (action) => captchaGuard(identity.captcha, action),
  };
}

/** A "view as customer" impersonation of `userId` not ended and not expired (issue 26). */
async function isImpersonationLive(db: Db, impersonationId: string, userId: string): Promise<boolean> {
  if (!z.uuid().safeParse(impersonationId).success) return false;
  const [row] = await db
    .select({ id: staffImpersonations.id })
    .from(staffImpersonations)
    .where(
      and(
        eq(staffImpersonations.id, impersonationId),
        eq(staffImpersonations.userId, userId),
        isNull(staffImpersonations.endedAt),
        gt(staffImpersonations.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}
