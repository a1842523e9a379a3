import type { CodeChallengeMethod, SecondFactorMethod } from '@cotacep/shared/auth-fields';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionMethod } from '../../db/schema/auth-sessions.ts';
import { mfaChallenges } from '../../db/schema/mfa-challenges.ts';
import { type User, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditContextOf } from '../audit/record.ts';
import { useRecoveryCode } from '../second-factors/recovery-codes.ts';
import { consumeTotpCode } from '../second-factors/totp-factor.ts';
import { recordSignInFailure } from './audit-entries.ts';
import type { Identity } from './identity.ts';
import {
  type Challenge,
  codeHash,
  findChallengeUser,
  getOpenChallenge,
  isCodeChannel,
} from './mfa-challenge.ts';
import { sendSecurityNotice } from './security-notices.ts';
import { findUserById } from './users.ts';

/** A completed challenge: who signed in, how the first step was passed and which factor passed the second. */
export type ChallengeResult = { user: User; loginMethod: SessionMethod; secondFactor: SecondFactorMethod };

/** Still open: not completed, not expired, attempts left. */
const isOpen = (identity: Identity, now: Date) =>
  and(
    isNull(mfaChallenges.completedAt),
    lt(mfaChallenges.attempts, identity.codes.maxAttempts),
    gt(mfaChallenges.expiresAt, now),
  );

/** The challenge screen opens with this method next time. */
async function rememberMethod(identity: Identity, user: User, method: SecondFactorMethod): Promise<void> {
  if (user.lastSecondFactor === method) return;
  await identity.db.update(users).set({ lastSecondFactor: method }).where(eq(users.id, user.id));
}

/**
 * The e-mail/SMS code, checked with one conditional UPDATE: a right, unexpired code completes the challenge;
 * anything else counts one attempt. The row lock serialises parallel guesses, so at most `maxAttempts` count.
 */
async function answerWithSentCode(identity: Identity, challenge: Challenge, code: string): Promise<void> {
  const now = new Date().toISOString();
  const matches = sql`(${mfaChallenges.codeHash} = ${codeHash(identity, challenge.id, code)} and ${mfaChallenges.codeExpiresAt} > ${now}::timestamptz)`;
  const [row] = await identity.db
    .update(mfaChallenges)
    .set({
      attempts: sql`${mfaChallenges.attempts} + case when ${matches} then 0 else 1 end`,
      completedAt: sql`case when ${matches} then ${now}::timestamptz else null end`,
    })
    .where(and(eq(mfaChallenges.id, challenge.id), isOpen(identity, new Date(now))))
    .returning();
  if (!row) throw new AppError('ChallengeSessionInvalid');
  if (row.completedAt) return;
  if (!row.codeExpiresAt || row.codeExpiresAt.getTime() <= Date.parse(now))
    throw new AppError('MfaCodeExpired');
  throw new AppError('CodeMismatch');
}

/**
 * The authenticator's code or a recovery code, checked in JavaScript: an attempt is reserved first with an
 * atomic UPDATE (`attempts < max`), so however many requests race at most `maxAttempts` codes are checked,
 * and given back when the code is right, as the login lockout does for passwords.
 */
async function answerWithFactor(
  identity: Identity,
  challenge: Challenge,
  isRight: () => Promise<boolean>,
): Promise<void> {
  const { db } = identity;
  const [reserved] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(and(eq(mfaChallenges.id, challenge.id), isOpen(identity, new Date())))
    .returning({ id: mfaChallenges.id });
  if (!reserved) throw new AppError('ChallengeSessionInvalid');
  if (!(await isRight())) throw new AppError('CodeMismatch');
  const [completed] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} - 1`, completedAt: new Date() })
    .where(
      and(
        eq(mfaChallenges.id, challenge.id),
        isNull(mfaChallenges.completedAt),
        gt(mfaChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ id: mfaChallenges.id });
  if (!completed) throw new AppError('ChallengeSessionInvalid');
}

/** A recovery code, and the e-mail that tells the user one was used (they may not know). */
async function useRecovery(identity: Identity, user: User, code: string): Promise<boolean> {
  const remaining = await useRecoveryCode(identity, user.id, code);
  if (remaining === null) return false;
  await sendSecurityNotice(identity, user, { kind: 'recovery_code_used', remaining });
  return true;
}

/**
 * POST /auth/login/challenge: `method` names what `code` is (without it, the code sent by e-mail or SMS).
 * A method the user does not have is refused before anything is counted.
 */
export async function answerChallenge(
  identity: Identity,
  request: FastifyRequest,
  session: string,
  method: CodeChallengeMethod | undefined,
  code: string,
): Promise<ChallengeResult> {
  const challenge = await getOpenChallenge(identity, session);
  const chosen = method ?? challenge.method;
  const { user } = await findChallengeUser(identity, challenge, chosen);
  try {
    if (isCodeChannel(chosen)) await answerWithSentCode(identity, challenge, code);
    else if (chosen === 'totp')
      await answerWithFactor(identity, challenge, () => consumeTotpCode(identity, user.id, code));
    else await answerWithFactor(identity, challenge, () => useRecovery(identity, user, code));
  } catch (error) {
    // A wrong code is a failed sign-in of this account (the first step was passed: no enumeration here).
    if (error instanceof AppError && error.code === 'CodeMismatch') {
      const failure = { reason: 'second_factor', method: chosen } as const;
      await recordSignInFailure(identity.db, auditContextOf(request, { id: user.id }), user.id, failure);
    }
    throw error;
  }
  await rememberMethod(identity, user, chosen);
  return { user, loginMethod: challenge.loginMethod, secondFactor: chosen };
}

/**
 * Completes a challenge whose second step was proven elsewhere (a passkey, `modules/passkeys`, which keeps
 * the challenge's session hash on its ceremony) for `userId`, with one conditional UPDATE: of two answers only
 * one completes it. The method opens the user's next challenge.
 */
export async function completeChallengeBySessionHash(
  identity: Identity,
  sessionHash: string,
  userId: string,
  method: SecondFactorMethod,
): Promise<ChallengeResult> {
  const now = new Date();
  const [row] = await identity.db
    .update(mfaChallenges)
    .set({ completedAt: now })
    .where(
      and(
        eq(mfaChallenges.sessionHash, sessionHash),
        eq(mfaChallenges.userId, userId),
        isOpen(identity, now),
      ),
    )
    .returning();
  const user = row ? await findUserById(identity.db, row.userId) : null;
  if (!row || !user) throw new AppError('ChallengeSessionInvalid');
  await rememberMethod(identity, user, method);
  return { user, loginMethod: row.loginMethod, secondFactor: method };
}
