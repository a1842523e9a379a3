import { testCheckoutPayRequestSchema } from '@cotacep/shared/billing-schemas';
import { useZodForm } from '#web/components/form/use-zod-form.ts';

/**
 * The test checkout's form: card or boleto. Who the invoice names is the organization's billing details
 * (issue 27), shown beside it, never asked here.
 */
export function usePaymentForm() {
  return useZodForm(testCheckoutPayRequestSchema, {
    method: 'card',
    cardNumber: '',
    expiry: '',
    cvc: '',
  });
}

export type PaymentFormControl = ReturnType<typeof usePaymentForm>;
