import {
  type BillingDetails,
  type BillingSummary,
  type Redirect,
  TEST_CARDS,
} from '@cotacep/shared/billing-schemas';
import type { BillingCycle, PaidPlanId } from '@cotacep/shared/plans';
import type { PortalServer } from './portal-server.ts';

/** A buyer the invoice can name: a valid CPF and an address. */
export const BILLING_DETAILS: BillingDetails = {
  name: 'Tess Tester',
  taxId: '52998224725',
  addressLine: 'Avenida Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01310-100',
  country: 'BR',
};

/** Starts a checkout through the API and answers the checkout's id (test mode's page is `/billing/checkout/:id`). */
export async function startCheckout(
  server: PortalServer,
  token: string,
  planId: PaidPlanId,
  cycle: BillingCycle,
  currency: 'BRL' | 'USD' = 'BRL',
): Promise<string> {
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
    { method: 'card', cardNumber, expiry: '12/34', cvc: '123', billingDetails: BILLING_DETAILS },
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
  const issued = await server.call(
    'POST',
    `/billing/test/checkouts/${id}/pay`,
    { method: 'boleto', billingDetails: BILLING_DETAILS },
    token,
  );
  if (issued.status !== 200) throw new Error(`boleto failed: ${JSON.stringify(issued.body)}`);
  await server.call('POST', `/billing/test/checkouts/${id}/boleto`, { outcome: 'paid' }, token);
  return (await server.call<BillingSummary>('GET', '/billing', undefined, token)).body;
}
