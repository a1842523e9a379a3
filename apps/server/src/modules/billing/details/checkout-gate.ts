import { hasBrazilianTaxId } from '@cotacep/shared/billing-details-schemas';
import type { BillingCurrency } from '@cotacep/shared/plans';
import type { Db } from '#server/db/client.ts';
import type { BillingDetailsRow } from '#server/db/schema/billing-details.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findBillingDetails } from './billing-details.ts';

/**
 * The billing details a checkout in `currency` goes with. A payment in reais names a CPF or CNPJ (the boleto,
 * the Pix and the NFS-e carry it): refused with `BillingDetailsRequired` until the organization's billing
 * details hold a Brazilian one. Dollars need none (null until saved).
 */
export async function assertBillingDetailsFor(
  db: Db,
  organizationId: string,
  currency: BillingCurrency,
): Promise<BillingDetailsRow | null> {
  const details = await findBillingDetails(db, organizationId);
  if (currency === 'BRL' && !hasBrazilianTaxId(details)) throw new AppError('BillingDetailsRequired');
  return details;
}
