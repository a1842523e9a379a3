import type {
  BillingSummary,
  CheckoutRequest,
  Invoice,
  TestCheckout,
  TestCheckoutPayRequest,
  TestManageRequest,
} from '@cotacep/shared/billing-schemas';
import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestAccount } from '#server/test/accounts.ts';

export const BILLING_DETAILS = {
  name: 'Gi Lima',
  taxId: '529.982.247-25',
  addressLine: 'Praça da Sé, 100',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01001-000',
  country: 'BR',
};

export const cardPayment = (cardNumber: string = TEST_CARDS.success): TestCheckoutPayRequest => ({
  method: 'card',
  cardNumber,
  expiry: '12/30',
  cvc: '123',
  billingDetails: BILLING_DETAILS,
});

/** The portal's billing API as the SPA calls it, for one signed-in account. */
export function billingClient(app: FastifyInstance, account: TestAccount, language = 'en') {
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/billing${url}`,
      headers: { ...account.headers, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
    const response = await call(method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  return {
    call,
    summary: () => ok<BillingSummary>('GET', ''),
    invoices: async () => (await ok<{ items: Invoice[] }>('GET', '/invoices')).items,
    checkout: (request: CheckoutRequest) => call('POST', '/checkout', request),
    /** Starts a checkout and answers its id (from the test checkout page's URL). */
    async startCheckout(request: CheckoutRequest): Promise<string> {
      const response = await call('POST', '/checkout', request);
      expect(response.statusCode, response.body).toBe(200);
      const { url } = response.json() as { url: string };
      const id = /\/billing\/checkout\/([0-9a-f-]{36})$/.exec(url)?.[1];
      expect(id, url).toBeTruthy();
      return id as string;
    },
    getCheckout: (id: string) => ok<TestCheckout>('GET', `/test/checkouts/${id}`),
    pay: (id: string, payment: TestCheckoutPayRequest) => call('POST', `/test/checkouts/${id}/pay`, payment),
    async subscribe(request: CheckoutRequest, cardNumber?: string) {
      const id = await this.startCheckout(request);
      const paid = await call('POST', `/test/checkouts/${id}/pay`, cardPayment(cardNumber));
      expect(paid.statusCode, paid.body).toBe(200);
      return id;
    },
    manage: (request: TestManageRequest) => call('POST', '/test/manage', request),
    advanceClock: (days: number) => ok<{ now: string; offsetDays: number }>('POST', '/test/clock', { days }),
  };
}
