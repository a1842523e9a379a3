import { BRAZIL } from '@cotacep/shared/billing-schemas';
import { formatTaxId, getTaxIdKind } from '@cotacep/shared/tax-id';
import type Stripe from 'stripe';
import type { BillingDetailsRow } from '#server/db/schema/billing-details.ts';
import type { StripeApi } from './stripe-client.ts';

type StripeTaxId = { type: 'br_cpf' | 'br_cnpj'; value: string };

/** The CPF or CNPJ as Stripe's tax id types take it; abroad, none (Stripe could not tell its type). */
export function toStripeTaxId(details: BillingDetailsRow): StripeTaxId | null {
  const kind = details.country === BRAZIL ? getTaxIdKind(details.taxId) : null;
  return kind ? { type: kind === 'cpf' ? 'br_cpf' : 'br_cnpj', value: formatTaxId(details.taxId) } : null;
}

/** The legal name, the first billing e-mail and the address, as a Stripe customer holds them. */
export function toStripeCustomerFields(details: BillingDetailsRow) {
  const line2 = [details.complement, details.district].filter(Boolean).join(' – ');
  return {
    name: details.legalName,
    email: details.emails[0] ?? '',
    address: {
      line1: [details.street, details.number].filter(Boolean).join(', '),
      line2,
      city: details.city,
      state: details.state,
      postal_code: details.postalCode,
      country: details.country,
    },
  } satisfies Stripe.CustomerUpdateParams;
}

/**
 * Makes the organization's Stripe customer say what its billing details say (issue 27): Stripe prints its
 * name, address and CPF/CNPJ on its own invoices and receipts and mails them to its e-mail, and its
 * checkout then asks none of it again. The CPF/CNPJ is replaced only when it changed.
 */
export async function syncStripeCustomer(
  api: StripeApi,
  customerId: string,
  details: BillingDetailsRow,
): Promise<void> {
  await api.call(() => api.client.customers.update(customerId, toStripeCustomerFields(details)));
  const wanted = toStripeTaxId(details);
  const existing = await api.call(() => api.client.customers.listTaxIds(customerId, { limit: 100 }));
  const isWanted = (taxId: Stripe.TaxId) => taxId.type === wanted?.type && taxId.value === wanted.value;
  for (const taxId of existing.data.filter((taxId) => !isWanted(taxId))) {
    await api.call(() => api.client.customers.deleteTaxId(customerId, taxId.id));
  }
  if (wanted && !existing.data.some(isWanted)) {
    await api.call(() => api.client.customers.createTaxId(customerId, wanted));
  }
}
