/** Where a finished purchase lands (the server's success URL for test mode and Stripe alike). */
export const CHECKOUT_SUCCESS_PATH = '/account/settings?tab=billing&checkout=success';
export const PRICING_PATH = '/pricing';
export const BILLING_TAB_PATH = '/account/settings?tab=billing';
/** The billing details section of the Billing tab (issue 27), where a purchase in reais sends first. */
export const BILLING_DETAILS_ID = 'billing-details';
export const BILLING_DETAILS_PATH = `${BILLING_TAB_PATH}#${BILLING_DETAILS_ID}`;

/** Only a purchase on the pricing page is resumed after the details are saved (no open redirect). */
export const isResumePath = (path: string | null): path is string => Boolean(path?.startsWith('/pricing?'));

/** The billing details form, and the purchase to resume once they are saved (a checkout link). */
export function billingDetailsPath(resume?: string): string {
  if (!isResumePath(resume ?? null)) return BILLING_DETAILS_PATH;
  return `${BILLING_TAB_PATH}&${new URLSearchParams({ resume: resume as string })}#${BILLING_DETAILS_ID}`;
}
/** Test mode's printable invoice (Stripe hosts its own). */
export const invoicePath = (id: string) => `/billing/invoices/${encodeURIComponent(id)}`;
