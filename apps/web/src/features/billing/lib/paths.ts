/** Where a finished purchase lands (the server's success URL for test mode and Stripe alike). */
export const CHECKOUT_SUCCESS_PATH = '/account/settings?tab=billing&checkout=success';
export const PRICING_PATH = '/pricing';
export const BILLING_TAB_PATH = '/account/settings?tab=billing';
/** Test mode's printable invoice (Stripe hosts its own). */
export const invoicePath = (id: string) => `/billing/invoices/${encodeURIComponent(id)}`;
