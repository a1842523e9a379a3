import type { BillingCurrency } from '@cotacep/shared/plans';
import { can } from '@cotacep/shared/roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { AppError } from '../../lib/app-error.ts';
import { getCustomerCurrency } from '../billing/customer-currency.ts';
import { findMembership } from '../organizations/organization-access.ts';

/**
 * The profile's currency setting: it changes the user's default organization's currency, for someone whose
 * role there covers billing, and only until that organization's first purchase.
 */
export async function setDefaultOrganizationCurrency(db: Db, userId: string, currency: BillingCurrency) {
  const organization = await findMembership(db, userId, null);
  if (!organization) throw new AppError('OrganizationNotFound');
  const current = await getCustomerCurrency(db, organization.id);
  if (current.currency === currency) return;
  if (!can(organization.role, 'billing.write')) throw new AppError('PermissionDenied');
  if (current.isFixed) throw new AppError('CurrencyFixed');
  await db
    .update(organizations)
    .set({ currency, updatedAt: new Date() })
    .where(eq(organizations.id, organization.id));
}
