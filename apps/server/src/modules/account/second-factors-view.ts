import type { SecondFactors } from '@cotacep/shared/second-factor-schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { totpFactors } from '../../db/schema/second-factors.ts';
import type { User } from '../../db/schema/users.ts';
import { listPasskeys, toPasskey } from '../passkeys/passkey-store.ts';
import { findOrganizationsRequiringTwoFactor } from '../second-factors/factors.ts';
import { getRecoveryCodesSummary } from '../second-factors/recovery-codes.ts';

/** GET /account/mfa: everything the Security tab lists. */
export async function getSecondFactors(db: Db, user: User): Promise<SecondFactors> {
  const [[totp], passkeyRows, recovery, requiredBy] = await Promise.all([
    db.select().from(totpFactors).where(eq(totpFactors.userId, user.id)),
    listPasskeys(db, user.id),
    getRecoveryCodesSummary(db, user.id),
    findOrganizationsRequiringTwoFactor(db, user.id),
  ]);
  const isTotpEnabled = Boolean(totp?.confirmedAt);
  const hasStrong = isTotpEnabled || passkeyRows.length > 0;
  return {
    message: { enabled: user.mfaEnabled, method: user.mfaMethod },
    totp: {
      enabled: isTotpEnabled,
      createdAt: isTotpEnabled ? totp!.confirmedAt!.toISOString() : null,
      lastUsedAt: isTotpEnabled ? (totp!.lastUsedAt?.toISOString() ?? null) : null,
    },
    passkeys: passkeyRows.map(toPasskey),
    recoveryCodes: hasStrong ? recovery : { remaining: 0, generatedAt: null, lastUsedAt: null },
    hasStrongFactor: hasStrong,
    requiredBy,
  };
}
