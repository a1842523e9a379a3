import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { authSessions, refreshTokens, type SessionMethod } from '../../../db/schema/auth-sessions.ts';
import { AppError } from '../../../lib/app-error.ts';
import { randomToken, sha256 } from '../secrets.ts';

export type RevokeReason = 'logout' | 'revoked' | 'password_changed' | 'password_reset' | 'refresh_reuse';

export type NewSession = {
  userId: string;
  method: SessionMethod;
  userAgent: string | null;
  ip: string | null;
  ttlDays: number;
};

/** Opens a session (a refresh-token family) whose absolute lifetime never grows with rotation. */
export async function createSession(
  db: Db,
  input: NewSession,
): Promise<{ sessionId: string; refreshToken: string }> {
  const now = new Date();
  const [session] = await db
    .insert(authSessions)
    .values({
      userId: input.userId,
      method: input.method,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      ip: input.ip,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + input.ttlDays * 86_400_000),
    })
    .returning({ id: authSessions.id });
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId: session!.id });
  return { sessionId: session!.id, refreshToken };
}

/**
 * Trades a refresh token for a new one. The UPDATE marks it rotated only if it was not already, so two
 * racing uses cannot both win; a token that was already rotated is a replay and revokes its family.
 */
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
): Promise<{ sessionId: string; userId: string; refreshToken: string }> {
  const now = new Date();
  const tokenHash = sha256(refreshToken);
  const [rotated] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  if (!rotated) {
    const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (known) await revokeSession(db, known.sessionId, 'refresh_reuse');
    throw new AppError('RefreshTokenInvalid');
  }
  const [session] = await db
    .update(authSessions)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(authSessions.id, rotated.sessionId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
      ),
    )
    .returning({ id: authSessions.id, userId: authSessions.userId });
  if (!session) throw new AppError('RefreshTokenInvalid');
  const next = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: sha256(next), sessionId: session.id });
  return { sessionId: session.id, userId: session.userId, refreshToken: next };
}

export async function findSessionIdByRefreshToken(db: Db, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  return row?.sessionId ?? null;
}

export async function revokeSession(db: Db, sessionId: string, reason: RevokeReason): Promise<boolean> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return revoked.length > 0;
}

/** Ends every session of a user (password reset), or every other one (password change). */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: RevokeReason,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function isSessionActive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}

export function listActiveSessions(db: Db, userId: string) {
  return db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authSessions.lastUsedAt));
}
