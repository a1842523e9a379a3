import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { authSessions, refreshTokens, type SessionMethod } from '#server/db/schema/auth-sessions.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hmac, randomToken, sha256 } from '#server/lib/secrets.ts';

export type RevokeReason =
  | 'logout'
  | 'revoked'
  | 'password_changed'
  | 'password_reset'
  | 'refresh_reuse'
  | 'email_changed'
  | 'email_change_undone'
  | 'account_closed'
  // Staff (issue 26): the organization was suspended, or a staff member ended the person's sessions.
  | 'organization_suspended'
  | 'ended_by_staff';

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
      // Every session starts with a login (password, provider, MFA code): it has just proven its user.
      authenticatedAt: now,
      expiresAt: new Date(now.getTime() + input.ttlDays * 86_400_000),
    })
    .returning({ id: authSessions.id });
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId: session!.id });
  return { sessionId: session!.id, refreshToken };
}

export type RotationSettings = {
  /** The installation's secret: the successor of a token is derived from the token with it. */
  secret: string;
  /** How long after its rotation a token still answers with its successor (two tabs racing); 0: never. */
  reuseIntervalSeconds: number;
};

/**
 * The one token that replaces `refreshToken`: an HMAC of it with the server's secret. Deterministic, so
 * a use inside the reuse interval can be answered with the same successor without its plaintext ever
 * being stored; unguessable without the presented token and the secret.
 */
export function successorOf(secret: string, refreshToken: string): string {
  return hmac(secret, `refresh-successor:${refreshToken}`);
}

/**
 * Trades a refresh token for its successor. Marking it rotated and storing the successor is one
 * transaction whose UPDATE only matches an unrotated token, so racing uses cannot both rotate it. A use of
 * a token rotated less than `reuseIntervalSeconds` ago (another tab of the same browser) gets the same
 * successor; a later one is a replay and revokes the whole family (docs/decisions/008).
 */
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
  settings: RotationSettings,
): Promise<{ sessionId: string; userId: string; refreshToken: string }> {
  const now = new Date();
  const tokenHash = sha256(refreshToken);
  const next = successorOf(settings.secret, refreshToken);
  const rotated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (row) await tx.insert(refreshTokens).values({ tokenHash: sha256(next), sessionId: row.sessionId });
    return row;
  });
  const sessionId = rotated?.sessionId ?? (await reusedInsideInterval(db, refreshToken, next, settings));
  const [session] = await db
    .update(authSessions)
    .set({ lastUsedAt: now })
    .where(
      and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)),
    )
    .returning({ id: authSessions.id, userId: authSessions.userId });
  if (!session) throw new AppError('RefreshTokenInvalid');
  return { sessionId: session.id, userId: session.userId, refreshToken: next };
}

/**
 * A token that was already rotated: its session when the rotation is recent enough and left `next` as
 * its successor; otherwise a replay, which revokes the family and is refused.
 */
async function reusedInsideInterval(
  db: Db,
  refreshToken: string,
  next: string,
  settings: RotationSettings,
): Promise<string> {
  const [known] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (!known) throw new AppError('RefreshTokenInvalid');
  const rotatedMsAgo = known.rotatedAt ? Date.now() - known.rotatedAt.getTime() : Number.POSITIVE_INFINITY;
  if (rotatedMsAgo <= settings.reuseIntervalSeconds * 1000) {
    const [successor] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, sha256(next)), eq(refreshTokens.sessionId, known.sessionId)));
    if (successor) return successor.sessionId;
  }
  await revokeSession(db, known.sessionId, 'refresh_reuse');
  throw new AppError('RefreshTokenInvalid');
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

/**
 * Ends every session of a user (password reset, e-mail change undone), or every other one (password or e-mail
 * change); answers how many were still open.
 */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: RevokeReason,
  exceptSessionId?: string,
): Promise<number> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  return revoked.length;
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
