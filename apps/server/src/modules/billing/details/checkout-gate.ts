import { hasBrazilianTaxId } from '@cotacep/shared/billing-details-schemas';
import type { BillingCurrency } from '@cotacep/shared/plans';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findBillingDetails } from './billing-details.ts';

/**
 * A payment in reais names a CPF or CNPJ (the boleto, the Pix and the NFS-e carry it): refused with
 * `BillingDetailsRequired` until the organization's billing details hold a Brazilian one. Dollars need none.
 */
export async function assertBillingDetailsFor(
  db: Db,
  organizationId: string,
  currency: BillingCurrency,
): Promise<void> {
  if (currency !== 'BRL') return;
  if (!hasBrazilianTaxId(await findBillingDetails(db, organizationId))) {
    throw new AppError('BillingDetailsRequired');
  }
}
