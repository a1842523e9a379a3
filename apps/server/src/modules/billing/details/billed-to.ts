import { BRAZIL } from '@cotacep/shared/billing-schemas';
import type { Db } from '#server/db/client.ts';
import type { BillingDetailsRow } from '#server/db/schema/billing-details.ts';
import type { BilledTo } from '#server/db/schema/invoices.ts';
import { findBillingDetails } from './billing-details.ts';

/** "Avenida Paulista, 1000, sala 5 – Bela Vista": the street line as a Brazilian address writes it. */
function streetLine(details: BillingDetailsRow): string {
  const street = [details.street, details.number, details.complement].filter(Boolean).join(', ');
  return details.district ? `${street} – ${details.district}` : street;
}

function postalCodeOf(details: BillingDetailsRow): string {
  const cep = /^(\d{5})(\d{3})$/.exec(details.postalCode);
  return details.country === BRAZIL && cep ? `${cep[1]}-${cep[2]}` : details.postalCode;
}

/**
 * Who an invoice names, copied onto it when it is made (it keeps what it said even if the details change
 * later): the organization's billing details and the first of its billing e-mails. Null without details.
 */
export async function getBilledTo(db: Db, organizationId: string): Promise<BilledTo | null> {
  const details = await findBillingDetails(db, organizationId);
  if (!details) return null;
  return {
    name: details.legalName,
    email: details.emails[0] ?? '',
    taxId: details.taxId,
    addressLine: streetLine(details),
    city: details.city,
    state: details.state,
    postalCode: postalCodeOf(details),
    country: details.country,
  };
}
