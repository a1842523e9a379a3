import type { Account } from '@cotacep/shared/account-schemas';
import { getTaxIdKind } from '@cotacep/shared/tax-id';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthAccounts } from '../../db/schema/oauth.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById, getPasswordHash } from '../auth/users.ts';
import { getCustomerCurrency } from '../billing/customer-currency.ts';
import { findMembership } from '../organizations/organization-access.ts';
import { findOrganizationsRequiringTwoFactor } from '../second-factors/factors.ts';
import { hasStrongFactor } from '../second-factors/strong-factors.ts';

/**
 * The account as the settings screens show it (never the password hash). Its plan and currency are those of
 * the user's default organization (decision 033), the one that pays for what this person buys.
 */
export async function getAccountView(db: Db, userOrId: User | string): Promise<Account> {
  const user = typeof userOrId === 'string' ? await findUserById(db, userOrId) : userOrId;
  if (!user) throw new AppError('Unauthorized');
  const organization = await findMembership(db, user.id, null);
  const [passwordHash, links, customer, requiredBy, hasStrong] = await Promise.all([
    getPasswordHash(db, user.id),
    db
      .select({ provider: oauthAccounts.provider })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.id)),
    organization ? getCustomerCurrency(db, organization.id) : null,
    findOrganizationsRequiringTwoFactor(db, user.id),
    hasStrongFactor(db, user.id),
  ]);
  return {
    id: user.id,
    email: user.email,
    pendingEmail: user.pendingEmail,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    pendingPhone: user.pendingPhone,
    taxId: user.taxId,
    taxIdKind: user.taxId ? getTaxIdKind(user.taxId) : null,
    locale: user.locale,
    currency: customer?.currency ?? 'BRL',
    isCurrencyFixed: customer?.isFixed ?? false,
    timezone: user.timezone,
    language: user.language,
    plan: organization?.plan ?? 'free',
    mfa: { enabled: user.mfaEnabled, method: user.mfaMethod },
    hasPassword: passwordHash !== null,
    linkedProviders: links.map((link) => link.provider).sort(),
    twoFactorEnrolmentRequired: requiredBy.length > 0 && !hasStrong,
    staffRole: user.staffRole ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
