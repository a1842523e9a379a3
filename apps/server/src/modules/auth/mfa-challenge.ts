import type { MfaMethod, SecondFactorMethod } from '@cotacep/shared/auth-fields';
import type { LoginChallenge } from '@cotacep/shared/auth-responses';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { SessionMethod } from '../../db/schema/auth-sessions.ts';
import { mfaChallenges } from '../../db/schema/mfa-challenges.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateCode, hmac, randomToken, sha256 } from '../../lib/secrets.ts';
import { codeChannel, getChallengeMethods } from '../second-factors/factors.ts';
import { claimDeliverySlot } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { maskDestination } from './mask.ts';
import { findUserById } from './users.ts';

/**
 * The second step of a login with two-factor on (issue 25): an opaque session (stored hashed) that any of
 * the user's second factors completes. The row keeps the e-mail/SMS channel and its code; the attempts it
 * counts are shared by every method, so the challenge ends after `maxAttempts` wrong answers of any kind.
 */
export type Challenge = typeof mfaChallenges.$inferSelect;

export const codeHash = (identity: Identity, challengeId: string, code: string) =>
  hmac(identity.codes.secret, `mfa:${challengeId}:${code}`);

export const isCodeChannel = (method: SecondFactorMethod): method is MfaMethod =>
  method === 'email' || method === 'sms';

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

function describe(
  challenge: Challenge,
  session: string,
  methods: SecondFactorMethod[],
  method: SecondFactorMethod,
  resendAfter: number,
): LoginChallenge {
  return {
    challenge: {
      session,
      methods,
      method,
      destination: isCodeChannel(method) ? maskDestination(challenge.method, challenge.destination) : null,
      resendAfter,
      expiresIn: Math.max(0, Math.round((challenge.expiresAt.getTime() - Date.now()) / 1000)),
    },
  };
}

/** Where the user's e-mail/SMS codes go now. */
const channelOf = (user: User) => {
  const method = codeChannel(user);
  return { method, destination: method === 'sms' ? user.phone! : user.email };
};

/**
 * Opens the challenge with the user's methods (`getChallengeMethods`, never empty here). A code is sent
 * only when the first method is the e-mail or SMS one; otherwise the screen opens on the authenticator, the
 * passkey or a recovery code, and a resend sends the first code when the user switches.
 */
export async function startChallenge(
  identity: Identity,
  user: User,
  loginMethod: SessionMethod,
  methods: SecondFactorMethod[],
): Promise<LoginChallenge> {
  const session = randomToken();
  const [challenge] = await identity.db
    .insert(mfaChallenges)
    .values({
      sessionHash: sha256(session),
      userId: user.id,
      ...channelOf(user),
      loginMethod,
      expiresAt: new Date(Date.now() + identity.config.MFA_CHALLENGE_TTL_SECONDS * 1000),
    })
    .returning();
  const method = methods[0]!;
  if (!isCodeChannel(method)) return describe(challenge!, session, methods, method, 0);
  try {
    await sendChallengeCode(identity, challenge!, user);
    return describe(challenge!, session, methods, method, identity.config.CODE_RESEND_SECONDS);
  } catch (error) {
    // A code sent moments ago blocks a new one; the challenge stands and the countdown says when to resend.
    if (error instanceof AppError && error.code === 'TooManyRequests') {
      return describe(challenge!, session, methods, method, Number(error.extra.retryAfter));
    }
    throw error;
  }
}

/** The open challenge of a session (not completed, not expired, attempts left), or 401 ChallengeSessionInvalid. */
export async function getOpenChallenge(identity: Identity, session: string): Promise<Challenge> {
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

/** The challenge's user and their methods now; `method` must be one of them. */
export async function findChallengeUser(
  identity: Identity,
  challenge: Challenge,
  method: SecondFactorMethod,
) {
  const user = await findUserById(identity.db, challenge.userId);
  if (!user) throw new AppError('ChallengeSessionInvalid');
  const methods = await getChallengeMethods(identity.db, user);
  if (!methods.includes(method)) throw new AppError('SecondFactorUnavailable');
  return { user, methods };
}

/**
 * Sends the code again, to the channel `method` names (the user switched to e-mail or SMS on the screen) or,
 * without one, to the challenge's channel. Refused for a channel the user does not have.
 */
export async function resendChallengeCode(
  identity: Identity,
  session: string,
  method?: MfaMethod,
): Promise<LoginChallenge> {
  let challenge = await getOpenChallenge(identity, session);
  const channel = method ?? challenge.method;
  const { user, methods } = await findChallengeUser(identity, challenge, channel);
  const current = channelOf(user);
  if (current.method !== challenge.method || current.destination !== challenge.destination) {
    // The user's channel changed since the login: the code follows it, and the old one stops working.
    const [moved] = await identity.db
      .update(mfaChallenges)
      .set({ ...current, codeHash: null, codeExpiresAt: null })
      .where(eq(mfaChallenges.id, challenge.id))
      .returning();
    challenge = moved!;
  }
  await sendChallengeCode(identity, challenge, user);
  return describe(challenge, session, methods, channel, identity.config.CODE_RESEND_SECONDS);
}
