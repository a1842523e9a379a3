import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOrganizationsRequiringTwoFactor } from '../second-factors/factors.ts';
import { deleteRecoveryCodes } from '../second-factors/recovery-codes.ts';
import { countStrongFactors } from '../second-factors/strong-factors.ts';
import { lockUser } from '../second-factors/user-lock.ts';
import type { Identity } from './identity.ts';
import { clearFailures, lockoutKey, reserveAttempt } from './lockout.ts';
import { verifyPassword } from './passwords.ts';
import { getPasswordHash } from './users.ts';

/** 409 with the organizations' names when one of the user's organizations requires two-factor. */
async function assertNotRequired(db: Db, userId: string): Promise<void> {
  const organizations = await findOrganizationsRequiringTwoFactor(db, userId);
  if (organizations.length > 0) throw new AppError('TwoFactorRequiredByOrganization', { organizations });
}

/** The password, counted toward the login lockout as every password check is (reserved, then verified). */
async function assertPassword(identity: Identity, user: User, password: string | undefined): Promise<void> {
  const passwordHash = await getPasswordHash(identity.db, user.id);
  // An account without a password (made through a social provider) has the recent re-authentication only.
  if (!passwordHash) return;
  if (!password) throw new AppError('LastFactorNeedsPassword');
  const key = lockoutKey(user.email);
  await reserveAttempt(identity.db, key, identity.lockout);
  if (!(await verifyPassword(passwordHash, password))) throw new AppError('ReauthenticationFailed');
  await clearFailures(identity.db, key);
}

/**
 * Removes a strong factor (the authenticator app, a passkey) under the issue 25 rules for the last one: it
 * is refused while an organization of the user's requires two-factor, and needs the password. The recovery
 * codes go with it. `verify` checks the factor's own proof once the rules allow the removal; `remove`
 * deletes the factor inside a transaction that holds the user's row, where the count is taken again so two
 * parallel removals cannot both pass as "not the last". Answers false when `remove` found nothing.
 */
export async function removeStrongFactor(
  identity: Identity,
  user: User,
  options: { password?: string; verify?: () => Promise<void>; remove: (tx: Db) => Promise<boolean> },
): Promise<boolean> {
  const isLast = (await countStrongFactors(identity.db, user.id)) <= 1;
  if (isLast) {
    await assertNotRequired(identity.db, user.id);
    await assertPassword(identity, user, options.password);
  }
  await options.verify?.();
  return identity.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const isLastNow = (await countStrongFactors(tx, user.id)) <= 1;
    if (isLastNow) {
      await assertNotRequired(tx, user.id);
      // Another removal made this one the last after the password was not asked for.
      if (!isLast) throw new AppError('LastFactorNeedsPassword');
    }
    const removed = await options.remove(tx);
    if (removed && isLastNow) await deleteRecoveryCodes(tx, user.id);
    return removed;
  });
}
