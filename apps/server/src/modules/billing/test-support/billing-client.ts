import type { BillingDetails, BillingDetailsInput } from '@cotacep/shared/billing-details-schemas';
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

/** A Brazilian buyer's details (`PUT billing/details`): a valid CPF and the address of the CEP 01001-000. */
export const BILLING_DETAILS = {
  country: 'BR',
  legalName: 'Gi Lima',
  taxId: '529.982.247-25',
  postalCode: '01001-000',
  street: 'Praça da Sé',
  number: '100',
  district: 'Sé',
  city: 'São Paulo',
  state: 'SP',
  cityCode: '3550308',
  emails: ['financeiro@gilima.example'],
} satisfies BillingDetailsInput;

/** A buyer in the United States: no CPF, no CEP. */
export const US_BILLING_DETAILS = {
  country: 'US',
  legalName: 'Ada Lovelace LLC',
  postalCode: '62701',
  street: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  emails: ['ap@lovelace.example'],
} satisfies BillingDetailsInput;

export const cardPayment = (cardNumber: string = TEST_CARDS.success): TestCheckoutPayRequest => ({
  method: 'card',
  cardNumber,
  expiry: '12/30',
  cvc: '123',
});

/** The portal's billing API as the SPA calls it, for one signed-in account. */
export function billingClient(app: FastifyInstance, account: TestAccount, language = 'en') {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/billing${url}`,
      headers: { ...account.headers, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T> => {
    const response = await call(method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  return {
    call,
    summary: () => ok<BillingSummary>('GET', ''),
    invoices: async () => (await ok<{ items: Invoice[] }>('GET', '/invoices')).items,
    checkout: (request: CheckoutRequest) => call('POST', '/checkout', request),
    details: () => ok<BillingDetails | null>('GET', '/details'),
    saveDetails: (details: BillingDetailsInput = BILLING_DETAILS) =>
      ok<BillingDetails>('PUT', '/details', details),
    /**
     * Starts a checkout and answers its id (from the test checkout page's URL). An organization without
     * billing details gets BILLING_DETAILS first, as a buyer fills them in before paying in reais.
     */
    async startCheckout(request: CheckoutRequest): Promise<string> {
      if ((await this.details()) === null) await this.saveDetails();
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
