import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BillingSummary, Invoice } from '@cotacep/shared/billing-schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckout } from '#web/test/billing-fixtures.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

/**
 * Issue 23 items 1 and 7 (decision 027): the checkout asks the country first; outside Brazil the tax id is
 * optional, in Brazil the CEP comes first and Cotacep's own CEP API fills the address. The real portal, with
 * its public CEP API (ROLE all), whose upstream is a ViaCEP stand-in on loopback.
 */
const PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  ibge: '3550308',
  ddd: '11',
};

const env: Record<string, string> = { ROLE: 'all' };
let viaCep: http.Server;
beforeAll(async () => {
  viaCep = http.createServer((request, response) => {
    const found = request.url === '/ws/01310100/json/';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ? PAULISTA : { erro: true }));
  });
  await new Promise<void>((resolve) => viaCep.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(viaCep.address() as AddressInfo).port}`;
  // Read when the portal starts (the next beforeAll): only the stand-in answers; the others refuse at once.
  Object.assign(env, {
    CEP_VIACEP_URL: url,
    CEP_BRASILAPI_URL: 'http://127.0.0.1:9',
    CEP_OPENCEP_URL: 'http://127.0.0.1:9',
  });
});
afterAll(() => new Promise((resolve) => viaCep.close(resolve)));
const portal = setUpScreenPortal(env);

const SLOW = { timeout: 40_000 };
let counter = 0;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function openCheckout(currency: 'BRL' | 'USD', language: 'pt-BR' | 'en') {
  const tokens = await portal.server.createUser(`details-${Date.now()}-${++counter}@example.com`);
  portal.session.setSession(tokens);
  const profile = await portal.server.call('PATCH', '/account', { currency }, tokens.accessToken);
  expect(profile.status).toBe(200);
  const id = await startCheckout(portal.server, tokens.accessToken, 'basic', 'monthly', currency);
  const view = await portal.app.renderApp(`/billing/checkout/${id}`, language);
  return { ...view, token: tokens.accessToken };
}

describe('billing details', () => {
  it(
    'asks a dollar customer the country first; in the United States the tax id is optional',
    SLOW,
    async () => {
      const { router, token } = await openCheckout('USD', 'en');
      const country = await screen.findByRole('combobox', { name: /^Country/ });
      // Nothing else of the billing details until the country is known.
      expect(country).toHaveProperty('value', '');
      expect(screen.queryByLabelText(/^Name or company name/)).toBeNull();
      expect(screen.queryByLabelText(/^CPF or CNPJ/)).toBeNull();

      type(country, 'US');
      const taxId = await screen.findByLabelText(/^Tax ID \(optional\)/);
      expect(taxId).toHaveProperty('required', false);
      expect(screen.queryByLabelText(/^CPF or CNPJ/)).toBeNull();
      expect(screen.queryByRole('tab', { name: 'Boleto' })).toBeNull();

      type(screen.getByLabelText(/^Name or company name/), 'Ada Lovelace LLC');
      type(screen.getByLabelText(/^Address/), '1 Main Street');
      type(screen.getByLabelText(/^City/), 'Springfield');
      type(screen.getByLabelText(/^State/), 'IL');
      type(screen.getByLabelText(/^Postal code/), '62701');
      type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
      type(screen.getByLabelText(/^Expiry/), '1234');
      type(screen.getByLabelText(/^CVC/), '123');
      fireEvent.click(screen.getByRole('button', { name: /^Pay \$7\.90$/ }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'), {
        timeout: 15_000,
      });
      const summary = await portal.server.call<BillingSummary>('GET', '/billing', undefined, token);
      expect(summary.body).toMatchObject({ planId: 'basic', currency: 'USD', isCurrencyFixed: true });
      const invoices = await portal.server.call<{ items: Invoice[] }>(
        'GET',
        '/billing/invoices',
        undefined,
        token,
      );
      expect(invoices.body.items[0]?.billedTo).toMatchObject({ country: 'US', taxId: '' });
    },
  );

  it('asks a Brazilian customer for the CPF or CNPJ, and refuses the payment without one', SLOW, async () => {
    await openCheckout('BRL', 'pt-BR');
    expect(await screen.findByRole('combobox', { name: /^País/ })).toHaveProperty('value', 'BR');
    expect(screen.getByLabelText(/^CPF ou CNPJ/)).toHaveProperty('required', true);
    fireEvent.click(screen.getByRole('button', { name: /^Pagar / }));
    expect(await screen.findByText('Por favor, informe o CPF ou CNPJ')).toBeTruthy();
  });

  it('in Brazil puts the CEP before the address and fills the address from it', SLOW, async () => {
    await openCheckout('BRL', 'pt-BR');
    const cep = await screen.findByLabelText(/^CEP/);
    const address = screen.getByLabelText(/^Endereço/);
    // The CEP comes before the street in the form's order.
    expect(cep.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    type(cep, '01310-100');
    await waitFor(() => expect(address).toHaveProperty('value', 'Avenida Paulista'), { timeout: 10_000 });
    expect(screen.getByLabelText(/^Cidade/)).toHaveProperty('value', 'São Paulo');
    expect(screen.getByLabelText(/^Estado/)).toHaveProperty('value', 'SP');
    expect(screen.getByText('Endereço preenchido pelo CEP: complete com o número.')).toBeTruthy();

    type(cep, '99999-999');
    expect(
      await screen.findByText('Não encontramos este CEP: preencha o endereço.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
