import type { LoginChallenge } from '@cotacep/shared/auth-responses';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SessionMethod } from '../../db/schema/auth-sessions.ts';
import { mfaChallenges } from '../../db/schema/mfa-challenges.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateCode, hmac, randomToken, sha256 } from '../../lib/secrets.ts';
import { claimDeliverySlot } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { maskDestination } from './mask.ts';
import { findUserById } from './users.ts';

type Challenge = typeof mfaChallenges.$inferSelect;

const codeHash = (identity: Identity, challengeId: string, code: string) =>
  hmac(identity.codes.secret, `mfa:${challengeId}:${code}`);

/** Sends a fresh code for the challenge, unless a code went to that destination too recently. */
async function sendChallengeCode(identity: Identity, challenge: Challenge, user: User): Promise<void> {
  await claimDeliverySlot(identity.db, identity.throttle, 'mfa', challenge.destination);
  const code = generateCode();
  const ttlSeconds = identity.config.MFA_CODE_TTL_SECONDS;
  await identity.db
    .update(mfaChallenges)
    .set({
      codeHash: codeHash(identity, challenge.id, code),
      codeExpiresAt: new Date(Date.now() + ttlSeconds * 1000),
    })
    .where(eq(mfaChallenges.id, challenge.id));
  await identity.sender.send({
    purpose: 'mfa',
    method: challenge.method,
    destination: challenge.destination,
    code,
    language: user.language,
    name: user.firstName,
    ttlSeconds,
  });
}

function describe(challenge: Challenge, session: string, resendAfter: number): LoginChallenge {
  return {
    challenge: {
      session,
      method: challenge.method,
      destination: maskDestination(challenge.method, challenge.destination),
      resendAfter,
      expiresIn: Math.max(0, Math.round((challenge.expiresAt.getTime() - Date.now()) / 1000)),
    },
  };
}

/** The second step of a login with MFA on: an opaque session and a code by e-mail or SMS. */
export async function startChallenge(
  identity: Identity,
  user: User,
  loginMethod: SessionMethod,
): Promise<LoginChallenge> {
  // SMS needs a verified phone (the settings enforce it); without one the code goes by e-mail.
  const method = user.mfaMethod === 'sms' && user.phone ? 'sms' : 'email';
  const session = randomToken();
  const [challenge] = await identity.db
    .insert(mfaChallenges)
    .values({
      sessionHash: sha256(session),
      userId: user.id,
      method,
      destination: method === 'sms' ? user.phone! : user.email,
      loginMethod,
      expiresAt: new Date(Date.now() + identity.config.MFA_CHALLENGE_TTL_SECONDS * 1000),
    })
    .returning();
  try {
    await sendChallengeCode(identity, challenge!, user);
    return describe(challenge!, session, identity.config.CODE_RESEND_SECONDS);
  } catch (error) {
    // A code sent moments ago blocks a new one; the challenge stands and the countdown says when to resend.
    if (error instanceof AppError && error.code === 'TooManyRequests') {
      return describe(challenge!, session, Number(error.extra.retryAfter));
    }
    throw error;
  }
}

async function findOpenChallenge(identity: Identity, session: string): Promise<Challenge> {
  const [challenge] = await identity.db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.sessionHash, sha256(session)),
        isNull(mfaChallenges.completedAt),
        lt(mfaChallenges.attempts, identity.codes.maxAttempts),
        gt(mfaChallenges.expiresAt, new Date()),
      ),
    );
  if (!challenge) throw new AppError('ChallengeSessionInvalid');
  return challenge;
}

export async function resendChallengeCode(identity: Identity, session: string): Promise<LoginChallenge> {
  const challenge = await findOpenChallenge(identity, session);
  const owner = await findUserById(identity.db, challenge.userId);
  if (!owner) throw new AppError('ChallengeSessionInvalid');
  await sendChallengeCode(identity, challenge, owner);
  return describe(challenge, session, identity.config.CODE_RESEND_SECONDS);
}

/**
 * Checks a code with one conditional UPDATE: a right, unexpired code completes the challenge; anything
 * else counts one attempt. The row lock serialises parallel guesses, so at most `maxAttempts` count.
 */
export async function answerChallenge(
  identity: Identity,
  session: string,
  code: string,
): Promise<{ userId: string; loginMethod: SessionMethod }> {
  const challenge = await findOpenChallenge(identity, session);
  const now = new Date().toISOString();
  const matches = sql`(${mfaChallenges.codeHash} = ${codeHash(identity, challenge.id, code)} and ${mfaChallenges.codeExpiresAt} > ${now}::timestamptz)`;
  const [row] = await identity.db
    .update(mfaChallenges)
    .set({
      attempts: sql`${mfaChallenges.attempts} + case when ${matches} then 0 else 1 end`,
      completedAt: sql`case when ${matches} then ${now}::timestamptz else null end`,
    })
    .where(
      and(
        eq(mfaChallenges.id, challenge.id),
        isNull(mfaChallenges.completedAt),
        lt(mfaChallenges.attempts, identity.codes.maxAttempts),
        gt(mfaChallenges.expiresAt, new Date(now)),
      ),
    )
    .returning();
  if (!row) throw new AppError('ChallengeSessionInvalid');
  if (row.completedAt) return { userId: row.userId, loginMethod: row.loginMethod };
  if (!row.codeExpiresAt || row.codeExpiresAt.getTime() <= Date.parse(now))
    throw new AppError('MfaCodeExpired');
  throw new AppError('CodeMismatch');
}
