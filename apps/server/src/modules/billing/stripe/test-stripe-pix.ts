import type Stripe from 'stripe';
import type { Reply } from './test-stripe-routes.ts';

/**
 * Pix in the test Stripe server (issue 27), as Stripe's API documents it: `pix` among a Checkout Session's
 * `allowed_payment_method_types` or an invoice's `payment_settings[payment_method_types]`, its
 * `payment_method_options[pix][expires_after_seconds]`, and the refusals for a currency other than reais or
 * an expiry out of range.
 */
const invalid = (message: string, param: string): Reply => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, param } },
});

/** The Pix options a request carries under `prefix` (`payment_method_options`…), or null. */
function readPixOptions(params: URLSearchParams, prefix: string) {
  const seconds = params.get(`${prefix}[pix][expires_after_seconds]`);
  return seconds === null
    ? null
    : { expires_after_seconds: Number(seconds), amount_includes_iof: 'never' as const };
}

/** Stripe's refusal of the request's Pix, or null when Stripe would take it. */
function refusePix(
  params: URLSearchParams,
  prefix: string,
  types: string[],
  currency: string,
  [min, max]: [number, number],
): Reply | null {
  const options = readPixOptions(params, prefix);
  if ((types.includes('pix') || options) && currency !== 'brl') {
    return invalid(`The payment method type \`pix\` does not support the currency ${currency}.`, 'pix');
  }
  const seconds = options?.expires_after_seconds;
  if (seconds !== undefined && !(Number.isInteger(seconds) && seconds >= min && seconds <= max)) {
    return invalid(
      `expires_after_seconds must be between ${min} and ${max}.`,
      `${prefix}[pix][expires_after_seconds]`,
    );
  }
  return null;
}

/** A Checkout Session's payment method options, or Stripe's refusal of its Pix. */
export function readSessionPaymentMethods(params: URLSearchParams, types: string[], currency: string) {
  const refusal = refusePix(params, 'payment_method_options', types, currency, [10, 1_209_600]);
  const pix = readPixOptions(params, 'payment_method_options');
  return {
    refusal,
    options: (pix ? { pix } : null) as Stripe.Checkout.Session.PaymentMethodOptions | null,
  };
}

/** `POST /v1/invoices/:id`: the payment settings of a draft or open invoice, changed as Stripe does. */
export function updateInvoicePaymentSettings(
  invoice: Stripe.Invoice,
  params: URLSearchParams,
  types: string[],
): Reply {
  if (invoice.status !== 'draft' && invoice.status !== 'open') {
    return invalid(
      `This invoice is ${invoice.status}: its payment settings can no longer change.`,
      'payment_settings',
    );
  }
  const prefix = 'payment_settings[payment_method_options]';
  const refusal = refusePix(params, prefix, types, invoice.currency, [60, 1_209_600]);
  if (refusal) return refusal;
  const pix = readPixOptions(params, prefix);
  invoice.payment_settings = {
    default_mandate: null,
    payment_method_types: (types.length > 0 ? types : null) as
      | Stripe.Invoice.PaymentSettings.PaymentMethodType[]
      | null,
    payment_method_options: (pix
      ? { pix }
      : null) as Stripe.Invoice.PaymentSettings.PaymentMethodOptions | null,
  };
  const { payments: _payments, ...rest } = invoice;
  return { status: 200, body: rest };
}
