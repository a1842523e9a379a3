import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { PasskeyOptions, PasskeySignInRequest } from '@cotacep/shared/passkey-schemas';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { passkeys } from '../../db/schema/second-factors.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditContextOf } from '../audit/record.ts';
import { recordSignInFailure } from '../auth/audit-entries.ts';
import { completeChallengeBySessionHash } from '../auth/challenge-answer.ts';
import type { Identity } from '../auth/identity.ts';
import { issueSession } from '../auth/login-completion.ts';
import { findChallengeUser, getOpenChallenge } from '../auth/mfa-challenge.ts';
import { findUserById } from '../auth/users.ts';
import { CEREMONY_TTL_MS, type Ceremony, consumeCeremony, openCeremony } from './ceremonies.ts';
import {
  findPasskeyByCredential,
  listPasskeys,
  type PasskeyRow,
  toCredential,
  transportsOf,
  userHandle,
} from './passkey-store.ts';
import { relyingParty } from './relying-party.ts';

/**
 * A sign-in with a passkey. With an MFA challenge's session it is that challenge's second step: the prompt
 * lists the user's passkeys. Without, it is the first and only step ("Sign in with a passkey"): the
 * browser offers the discoverable credentials it holds for this site, and the answer names the user.
 */

export async function startPasskeySignIn(identity: Identity, session?: string): Promise<PasskeyOptions> {
  const rp = relyingParty(identity.config);
  if (session === undefined) {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      timeout: CEREMONY_TTL_MS,
      // Alone, the passkey must prove who holds it (a PIN, a fingerprint), not only that it is at hand.
      userVerification: 'required',
    });
    const ceremony = await openCeremony(identity.db, {
      ceremony: 'authentication',
      challenge: options.challenge,
    });
    return { ceremony, options: { ...options } };
  }
  const challenge = await getOpenChallenge(identity, session);
  await findChallengeUser(identity, challenge, 'passkey');
  const owned = await listPasskeys(identity.db, challenge.userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TTL_MS,
    allowCredentials: owned.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    userVerification: 'preferred',
  });
  const ceremony = await openCeremony(identity.db, {
    ceremony: 'second_factor',
    challenge: options.challenge,
    userId: challenge.userId,
    mfaSessionHash: challenge.sessionHash,
  });
  return { ceremony, options: { ...options } };
}

/**
 * The passkey the answer names, when it may answer this ceremony: a second step takes only the challenge
 * user's passkeys; a passwordless answer's user handle must be the passkey's own user.
 */
async function findAnsweringPasskey(
  identity: Identity,
  ceremony: Ceremony,
  response: PasskeySignInRequest['response'],
) {
  const row = await findPasskeyByCredential(identity.db, response.id);
  if (!row) throw new AppError('PasskeyVerificationFailed');
  if (ceremony.ceremony === 'second_factor' && row.userId !== ceremony.userId)
    throw new AppError('PasskeyVerificationFailed');
  const handle = response.response.userHandle;
  if (ceremony.ceremony === 'authentication' && handle !== isoBase64URL.fromBuffer(userHandle(row.userId)))
    throw new AppError('PasskeyVerificationFailed');
  return row;
}

async function verifyAnswer(
  identity: Identity,
  request: FastifyRequest,
  ceremony: Ceremony,
  row: PasskeyRow,
  response: unknown,
) {
  const rp = relyingParty(identity.config);
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: toCredential(row),
      requireUserVerification: ceremony.ceremony === 'authentication',
    });
    if (result.verified) return result.authenticationInfo;
  } catch (error) {
    request.log.info({ reason: (error as Error).message }, 'passkey sign-in refused');
  }
  throw new AppError('PasskeyVerificationFailed');
}

export async function finishPasskeySignIn(
  identity: Identity,
  request: FastifyRequest,
  body: PasskeySignInRequest,
): Promise<TokenSet> {
  const { db } = identity;
  const ceremony = await consumeCeremony(db, body.ceremony, ['authentication', 'second_factor']);
  const { row, info } = await verifySecondStepOrRecord(identity, request, ceremony, body.response);
  const user = await findUserById(db, row.userId);
  if (!user) throw new AppError('PasskeyVerificationFailed');
  // As at login: an account whose e-mail is not confirmed does not sign in, whatever the factor.
  if (!user.emailConfirmedAt) throw new AppError('UserNotConfirmed');
  const isSecondStep = ceremony.ceremony === 'second_factor';
  const loginMethod = isSecondStep
    ? (await completeChallengeBySessionHash(identity, ceremony.mfaSessionHash!, ceremony.userId!, 'passkey'))
        .loginMethod
    : 'passkey';
  const now = new Date();
  await db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: now })
    .where(eq(passkeys.id, row.id));
  return issueSession(identity, request, user, loginMethod, isSecondStep ? 'passkey' : undefined);
}

/**
 * The answering passkey and its verification. As the second step of a challenge, a refused answer is a
 * failed sign-in of the challenge's user (who passed the first step); a passwordless answer names no one
 * for sure, so its refusal records nothing.
 */
async function verifySecondStepOrRecord(
  identity: Identity,
  request: FastifyRequest,
  ceremony: Ceremony,
  response: PasskeySignInRequest['response'],
) {
  try {
    const row = await findAnsweringPasskey(identity, ceremony, response);
    return { row, info: await verifyAnswer(identity, request, ceremony, row, response) };
  } catch (error) {
    const userId = ceremony.ceremony === 'second_factor' ? ceremony.userId : null;
    if (userId && error instanceof AppError && error.code === 'PasskeyVerificationFailed') {
      const failure = { reason: 'second_factor', method: 'passkey' } as const;
      await recordSignInFailure(identity.db, auditContextOf(request, { id: userId }), userId, failure);
    }
    throw error;
  }
}
