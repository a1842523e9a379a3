import { type TestCheckout, testCheckoutPayRequestSchema } from '@cotacep/shared/billing-schemas';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { formatTaxId } from '#web/lib/format/format-tax-id.ts';

/** The test checkout's form: card or boleto, with billing details prefilled from the profile. */
export function usePaymentForm(checkout: TestCheckout) {
  const known = checkout.billingDetails;
  return useZodForm(testCheckoutPayRequestSchema, {
    method: 'card',
    cardNumber: '',
    expiry: '',
    cvc: '',
    billingDetails: {
      // Empty until chosen, unless the checkout knows it (a saved address, or Brazil for reais).
      country: known.country ?? '',
      name: known.name ?? '',
      taxId: known.taxId ? formatTaxId(known.taxId) : '',
      addressLine: known.addressLine ?? '',
      city: known.city ?? '',
      state: known.state ?? '',
      postalCode: known.postalCode ?? '',
    },
  });
}

export type PaymentFormControl = ReturnType<typeof usePaymentForm>;
