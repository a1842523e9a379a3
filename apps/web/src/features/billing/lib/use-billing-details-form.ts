import { type BillingDetails, billingDetailsRequestSchema } from '@cotacep/shared/billing-details-schemas';
import { BRAZIL } from '@cotacep/shared/billing-schemas';
import { formatTaxId } from '@cotacep/shared/tax-id';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { formatCep } from './format-cep.ts';

/**
 * The billing details form (issue 27), filled with what is saved: the CPF/CNPJ and CEP written as people
 * write them. Nothing saved yet: Brazil, and `email` (who is buying) as the first address for invoices.
 */
export function useBillingDetailsForm(saved: BillingDetails | null, email = '') {
  const isBrazil = (saved?.country ?? BRAZIL) === BRAZIL;
  return useZodForm(billingDetailsRequestSchema, {
    country: saved?.country ?? BRAZIL,
    legalName: saved?.legalName ?? '',
    taxId: saved?.taxId && isBrazil ? formatTaxId(saved.taxId) : (saved?.taxId ?? ''),
    stateRegistration: saved?.stateRegistration ?? '',
    municipalRegistration: saved?.municipalRegistration ?? '',
    postalCode: saved && isBrazil ? formatCep(saved.postalCode) : (saved?.postalCode ?? ''),
    street: saved?.street ?? '',
    number: saved?.number ?? '',
    complement: saved?.complement ?? '',
    district: saved?.district ?? '',
    city: saved?.city ?? '',
    state: saved?.state ?? '',
    cityCode: saved?.cityCode ?? '',
    emails: saved?.emails.length ? saved.emails : [email],
  });
}

export type BillingDetailsFormControl = ReturnType<typeof useBillingDetailsForm>;
