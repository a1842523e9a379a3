import { isPixAtCheckout, PIX_VALIDITY_SECONDS } from '@cotacep/shared/pix-schemas';
import type { BillingCurrency, BillingCycle } from '@cotacep/shared/plans';
import type Stripe from 'stripe';
import { isStripeInvalidRequest } from './stripe-call.ts';
import type { StripeApi } from './stripe-client.ts';

/** A Pix code is paid within the same 30 minutes as test mode's (Stripe's default is a day). */
const PIX_OPTIONS = { pix: { expires_after_seconds: PIX_VALIDITY_SECONDS } };

/**
 * What Stripe Checkout offers (issue 27): the card everywhere; the boleto in reais; Pix in reais for a yearly
 * plan only (`isPixAtCheckout`: Pix pays once, and a monthly plan renews by card or boleto). Since API version
 * 2026-09-30.endive `allowed_payment_method_types` filters what the Dashboard enabled and Stripe finds
 * eligible: enable boleto and Pix there.
 */
export function checkoutPaymentMethods(input: {
  currency: BillingCurrency;
  cycle: BillingCycle;
}): Pick<Stripe.Checkout.SessionCreateParams, 'allowed_payment_method_types' | 'payment_method_options'> {
  if (input.currency !== 'BRL') return { allowed_payment_method_types: ['card'] };
  if (!isPixAtCheckout(input)) return { allowed_payment_method_types: ['card', 'boleto'] };
  return { allowed_payment_method_types: ['card', 'boleto', 'pix'], payment_method_options: PIX_OPTIONS };
}

/**
 * An open invoice in reais (a renewal a card did not pay, a boleto's, an upgrade's proration) may also be paid
 * by Pix on Stripe's hosted invoice page: its PaymentIntent is told so when the invoice is finalized. The
 * first invoice of a subscription is paid in Checkout, which chose its methods; an invoice already paid, or
 * offering Pix already, is left alone.
 */
export async function offerPixOnOpenInvoice(api: StripeApi, invoice: Stripe.Invoice): Promise<void> {
  if (invoice.status !== 'open' || invoice.currency !== 'brl') return;
  if (invoice.billing_reason === 'subscription_create') return;
  if (invoice.payment_settings?.payment_method_types?.includes('pix')) return;
  try {
    await api.call(() =>
      api.client.invoices.update(invoice.id, {
        payment_settings: {
          payment_method_types: ['card', 'boleto', 'pix'],
          payment_method_options: PIX_OPTIONS,
        },
      }),
    );
  } catch (error) {
    // Paid or voided at Stripe since it was read: nothing left to offer, and the event still applies.
    if (!isStripeInvalidRequest(error)) throw error;
    api.log?.warn({ err: error, invoiceId: invoice.id }, 'Stripe refused to offer Pix on an invoice');
  }
}
