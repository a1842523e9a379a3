import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type WebauthnCeremony, webauthnChallenges } from '../../db/schema/second-factors.ts';
import { AppError } from '../../lib/app-error.ts';

/** How long the browser has to answer: WebAuthn's own prompt times out with it. */
export const CEREMONY_TTL_MS = 5 * 60_000;

export type Ceremony = typeof webauthnChallenges.$inferSelect;

/**
 * Stores the challenge the server is about to send and answers the ceremony's id, which the browser's
 * answer must name. Expired ceremonies go first: anyone may open one (a passwordless sign-in), so the
 * table would otherwise grow with every abandoned prompt.
 */
export async function openCeremony(
  db: Db,
  values: { ceremony: WebauthnCeremony; challenge: string; userId?: string; mfaSessionHash?: string },
): Promise<string> {
  const now = new Date();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ ...values, expiresAt: new Date(now.getTime() + CEREMONY_TTL_MS) })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/**
 * Spends the ceremony before its answer is verified, in one conditional UPDATE: of two requests with the
 * same answer only one gets the row, and an answer that fails verification cannot be tried again.
 * Unknown, spent, expired, of another kind or (for a registration) of another user: `PasskeyCeremonyInvalid`.
 */
export async function consumeCeremony(
  db: Db,
  id: string,
  kinds: WebauthnCeremony[],
  userId?: string,
): Promise<Ceremony> {
  const now = new Date();
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.id, id),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        inArray(webauthnChallenges.ceremony, kinds),
        userId ? eq(webauthnChallenges.userId, userId) : undefined,
      ),
    )
    .returning();
  if (!row) throw new AppError('PasskeyCeremonyInvalid');
  return row;
}
