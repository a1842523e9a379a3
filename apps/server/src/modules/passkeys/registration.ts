import { MAX_PASSKEYS_PER_USER } from '@cotacep/shared/passkey-limits';
import type {
  PasskeyOptions,
  RegisterPasskeyRequest,
  RegisterPasskeyResponse,
} from '@cotacep/shared/passkey-schemas';
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { passkeys } from '../../db/schema/second-factors.ts';
import { type User, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditContextOf, recordAudit } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import { sendSecurityNotice } from '../auth/security-notices.ts';
import { isUniqueViolation } from '../auth/users.ts';
import { issueRecoveryCodesIfFirstStrongFactor } from '../second-factors/recovery-codes.ts';
import { CEREMONY_TTL_MS, consumeCeremony, openCeremony } from './ceremonies.ts';
import {
  defaultPasskeyName,
  listPasskeys,
  type PasskeyRow,
  toPasskey,
  transportsOf,
  userHandle,
} from './passkey-store.ts';
import { relyingParty, SUPPORTED_ALGORITHMS } from './relying-party.ts';

/**
 * Options for `navigator.credentials.create()`: a discoverable credential (so it can sign in without a
 * password), user verification when the authenticator can, and the user's passkeys excluded so the same
 * authenticator is not registered twice.
 */
export async function startRegistration(identity: Identity, user: User): Promise<PasskeyOptions> {
  const rp = relyingParty(identity.config);
  const existing = await listPasskeys(identity.db, user.id);
  // Refused before the browser asks the person to touch their authenticator; checked again when it is added.
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw new AppError('PasskeyLimitReached');
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandle(user.id),
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    timeout: CEREMONY_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
  const ceremony = await openCeremony(identity.db, {
    ceremony: 'registration',
    challenge: options.challenge,
    userId: user.id,
  });
  return { ceremony, options: { ...options } };
}

/** Verifies the browser's answer against the ceremony: this site's origin and RP id, the challenge sent. */
async function verifyAnswer(
  identity: Identity,
  request: FastifyRequest,
  challenge: string,
  response: unknown,
) {
  const rp = relyingParty(identity.config);
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // The options ask for verification only where the authenticator has it; a security key without a PIN
      // still proves possession, and a passwordless sign-in asks for verification on its own.
      requireUserVerification: false,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    if (result.verified) return result.registrationInfo;
  } catch (error) {
    request.log.info({ reason: (error as Error).message }, 'passkey registration refused');
  }
  throw new AppError('PasskeyVerificationFailed');
}

/**
 * Adds the passkey the browser made; when it is the user's first strong factor, the answer carries the new
 * recovery codes, shown once.
 */
export async function finishRegistration(
  identity: Identity,
  request: FastifyRequest,
  user: User,
  body: RegisterPasskeyRequest,
): Promise<RegisterPasskeyResponse> {
  const ceremony = await consumeCeremony(identity.db, body.ceremony, ['registration'], user.id);
  const info = await verifyAnswer(identity, request, ceremony.challenge, body.response);
  const { credential } = info;
  let row: PasskeyRow | undefined;
  try {
    row = await identity.db.transaction(async (tx) => {
      // One addition at a time per person, so parallel ceremonies cannot pass the limit together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      if ((held?.n ?? 0) >= MAX_PASSKEYS_PER_USER) throw new AppError('PasskeyLimitReached');
      const [inserted] = await tx
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(','),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name: body.name ?? defaultPasskeyName(request.headers['user-agent'], user.language),
        })
        .returning();
      await recordAudit(tx, auditContextOf(request), {
        event: 'auth.factor_added',
        userId: user.id,
        target: { type: 'passkey', id: inserted!.id },
        details: { method: 'passkey', name: inserted!.name },
      });
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PasskeyAlreadyRegistered');
    throw error;
  }
  const recoveryCodes = await issueRecoveryCodesIfFirstStrongFactor(identity.db, identity, user.id);
  await sendSecurityNotice(identity, user, { kind: 'factor_added', factor: 'passkey' });
  return { passkey: toPasskey(row!), recoveryCodes };
}
