import type { MfaMethod, SecondFactorMethod } from '@cotacep/shared/auth-fields';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { type User, users } from '../../db/schema/users.ts';
import { hasPasskey, hasRecoveryCode, hasTotp } from './strong-factors.ts';

/**
 * A user's second factors (issue 25). E-mail and SMS codes are the weak factor (`users.mfa_enabled`); an
 * authenticator app (a confirmed `totp_factors` row) and passkeys are the strong ones, which organizations
 * can require; recovery codes stand in for a lost strong factor and count only while one exists.
 */

/** The channel of the e-mail/SMS factor: SMS needs a verified phone, without one the code goes by e-mail. */
export function codeChannel(user: User): MfaMethod {
  return user.mfaMethod === 'sms' && user.phone ? 'sms' : 'email';
}

/**
 * The methods of the user's sign-in challenge, in the order passkey, authenticator, e-mail/SMS, recovery
 * code, except the one used last, which comes first. Empty when two-factor is off.
 */
export async function getChallengeMethods(db: Db, user: User): Promise<SecondFactorMethod[]> {
  const [row] = await db
    .select({ totp: hasTotp(user.id), passkey: hasPasskey(user.id), recovery: hasRecoveryCode(user.id) })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) return [];
  const methods: SecondFactorMethod[] = [];
  if (row.passkey) methods.push('passkey');
  if (row.totp) methods.push('totp');
  if (user.mfaEnabled) methods.push(codeChannel(user));
  if ((row.passkey || row.totp) && row.recovery) methods.push('recovery');
  const last = user.lastSecondFactor;
  if (!last || !methods.includes(last)) return methods;
  return [last, ...methods.filter((method) => method !== last)];
}

/** The organizations the user belongs to that require two-factor of every member. */
export function findOrganizationsRequiringTwoFactor(db: Db, userId: string) {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, userId), eq(organizations.requireTwoFactor, true)))
    .orderBy(organizations.name);
}
