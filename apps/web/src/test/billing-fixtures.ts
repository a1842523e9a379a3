import type { BillingDetailsInput } from '@cotacep/shared/billing-details-schemas';
import { type BillingSummary, type Redirect, TEST_CARDS } from '@cotacep/shared/billing-schemas';
import type { BillingCycle, PaidPlanId } from '@cotacep/shared/plans';
import type { PortalServer } from './portal-server.ts';

/** A buyer the invoice can name (issue 27's billing details): a valid CPF and the address of its CEP. */
export const BILLING_DETAILS = {
  country: 'BR',
  legalName: 'Tess Tester',
  taxId: '52998224725',
  postalCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  cityCode: '3550308',
  emails: ['tess@example.com'],
} satisfies BillingDetailsInput;

/** Saves the organization's billing details through the API, as the Billing tab would. */
export async function saveBillingDetails(
  server: PortalServer,
  token: string,
  details: BillingDetailsInput = BILLING_DETAILS,
): Promise<void> {
  const saved = await server.call('PUT', '/billing/details', details, token);
  if (saved.status !== 200) throw new Error(`billing details refused: ${JSON.stringify(saved.body)}`);
}

/** Starts a checkout through the API and answers the checkout's id (test mode's page is `/billing/checkout/:id`). */
export async function startCheckout(
  server: PortalServer,
  token: string,
  planId: PaidPlanId,
  cycle: BillingCycle,
  currency: 'BRL' | 'USD' = 'BRL',
): Promise<string> {
  // A purchase in reais needs the billing details: a buyer without them fills them in first.
  const details = await server.call('GET', '/billing/details', undefined, token);
  if (currency === 'BRL' && details.body === null) await saveBillingDetails(server, token);
  const started = await server.call<Redirect>(
    'POST',
    '/billing/checkout',
    { planId, cycle, currency },
    token,
  );
  if (started.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(started.body)}`);
  // Test mode answers a path on the portal's own origin, so the browser stays where it is.
  return new URL(started.body.url, 'http://portal.test').pathname.split('/').pop() ?? '';
}

/** Buys a plan through the API with a test card, as the checkout page would. */
export async function subscribe(
  server: PortalServer,
  token: string,
  planId: PaidPlanId,
  cycle: BillingCycle,
  cardNumber: string = TEST_CARDS.success,
): Promise<BillingSummary> {
  const id = await startCheckout(server, token, planId, cycle);
  const paid = await server.call(
    'POST',
    `/billing/test/checkouts/${id}/pay`,
    { method: 'card', cardNumber, expiry: '12/34', cvc: '123' },
    token,
  );
  if (paid.status !== 200) throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
  return (await server.call<BillingSummary>('GET', '/billing', undefined, token)).body;
}

/** Buys a plan through the API by boleto, which the bank (test mode) then reports paid. */
export async function subscribeByBoleto(
  server: PortalServer,
  token: string,
  planId: PaidPlanId,
  cycle: BillingCycle,
): Promise<BillingSummary> {
  const id = await startCheckout(server, token, planId, cycle);
  const issued = await server.call('POST', `/billing/test/checkouts/${id}/pay`, { method: 'boleto' }, token);
  if (issued.status !== 200) throw new Error(`boleto failed: ${JSON.stringify(issued.body)}`);
  await server.call('POST', `/billing/test/checkouts/${id}/boleto`, { outcome: 'paid' }, token);
  return (await server.call<BillingSummary>('GET', '/billing', undefined, token)).body;
}
