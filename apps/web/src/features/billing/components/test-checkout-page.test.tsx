import type { BillingSummary, Invoice } from '@cotacep/shared/billing-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BILLING_DETAILS, saveBillingDetails, startCheckout } from '#web/test/billing-fixtures.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server in test mode: the checkout page pays with its test cards.
const portal = setUpScreenPortal();

const SLOW = { timeout: 40_000 };
// Intl writes "R$" and the amount with a no-break space between them.
const PAY = /^Pagar R\$\s29,90$/;
let counter = 0;
const US_DETAILS = {
  country: 'US',
  legalName: 'Ada Lovelace LLC',
  postalCode: '62701',
  street: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  emails: ['ap@lovelace.example'],
};
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

/** A signed-in customer with a Basic monthly checkout open, on its page. */
async function openCheckout(language: 'pt-BR' | 'en' = 'pt-BR') {
  const tokens = await portal.server.createUser(`checkout-${Date.now()}-${++counter}@example.com`);
  portal.session.setSession(tokens);
  const id = await startCheckout(portal.server, tokens.accessToken, 'basic', 'monthly');
  const view = await portal.app.renderApp(`/billing/checkout/${id}`, language);
  const readPlan = async () =>
    (await portal.server.call<BillingSummary>('GET', '/billing', undefined, tokens.accessToken)).body.planId;
  return { ...view, id, readPlan };
}

/** The card fields of the English page, from its number's input. */
function fillCardEn(number: HTMLElement) {
  type(number, '4242 4242 4242 4242');
  type(screen.getByLabelText(/^Expiry/), '1234');
  type(screen.getByLabelText(/^CVC/), '123');
}

function fillCard(number: string) {
  type(screen.getByLabelText(/^Número do cartão/), number);
  type(screen.getByLabelText(/^Validade/), '1234');
  type(screen.getByLabelText(/^CVC/), '123');
}

describe('test checkout page', () => {
  it('says it is test mode and shows the order and the test cards', SLOW, async () => {
    await openCheckout();
    expect(await screen.findByText(/^Modo de teste — nenhum pagamento real\./)).toBeTruthy();
    const summary = (await screen.findByRole('heading', { name: 'Resumo do pedido' })).closest('div')!;
    expect(within(summary.parentElement!).getByText('R$ 29,90')).toBeTruthy();
    const cards = screen.getByRole('table');
    expect(within(cards).getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(within(cards).getByText('Cartão recusado')).toBeTruthy();
    expect(within(cards).getAllByRole('button', { name: /^Usar o cartão / })).toHaveLength(5);
    // The payment methods come once the billing details are read (reais need a CPF or CNPJ).
    expect(await screen.findByRole('tab', { name: 'Boleto' })).toBeTruthy();
  });

  it('shows no tab bar when the card is the only payment method (a checkout in dollars)', SLOW, async () => {
    const tokens = await portal.server.createUser(`checkout-usd-${Date.now()}-${++counter}@example.com`);
    portal.session.setSession(tokens);
    await saveBillingDetails(portal.server, tokens.accessToken, US_DETAILS);
    const id = await startCheckout(portal.server, tokens.accessToken, 'basic', 'monthly', 'USD');
    await portal.app.renderApp(`/billing/checkout/${id}`, 'en');
    expect(await screen.findByLabelText(/^Card number/)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Card' })).toBeTruthy();
  });

  it('shows a declined card and leaves the plan alone', SLOW, async () => {
    const { readPlan } = await openCheckout();
    await screen.findByLabelText(/^Número do cartão/);
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Seu cartão foi recusado. Tente outro cartão.',
    );
    expect(await readPlan()).toBe('free');
  });

  it('asks no billing details: it names the saved ones, with the way to edit them', SLOW, async () => {
    await openCheckout();
    const billedTo = (await screen.findByRole('heading', { name: 'Faturado para' })).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    expect(within(billedTo).getByText(BILLING_DETAILS.legalName)).toBeTruthy();
    expect(within(billedTo).getByText('CPF: 529.982.247-25')).toBeTruthy();
    expect(within(billedTo).getByText('Avenida Paulista, 1000 – Bela Vista')).toBeTruthy();
    expect(within(billedTo).getByText('São Paulo – SP, 01310-100')).toBeTruthy();
    expect(
      within(billedTo).getByRole('link', { name: 'Editar dados de cobrança' }).getAttribute('href'),
    ).toBe('/account/settings?tab=billing#billing-details');
    expect(screen.queryByLabelText(/^CPF ou CNPJ/)).toBeNull();
    expect(screen.queryByLabelText(/^CEP/)).toBeNull();
  });

  it('in dollars with no details saved yet asks for them first, saves them, then pays', SLOW, async () => {
    const email = `checkout-usd-new-${Date.now()}-${++counter}@example.com`;
    const tokens = await portal.server.createUser(email);
    portal.session.setSession(tokens);
    const id = await startCheckout(portal.server, tokens.accessToken, 'basic', 'monthly', 'USD');
    const { router } = await portal.app.renderApp(`/billing/checkout/${id}`, 'en');
    expect(
      await screen.findByText('Who is the invoice for? Save the billing details, then pay.'),
    ).toBeTruthy();
    // No way to pay before the details are saved.
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
    type(screen.getByRole('combobox', { name: /^Country/ }), 'US');
    type(await screen.findByLabelText(/^Name or company name/), 'Ada Lovelace LLC');
    type(screen.getByLabelText(/^Address/), '1 Main Street');
    type(screen.getByLabelText(/^City/), 'Springfield');
    type(screen.getByLabelText(/^State or region/), 'IL');
    type(screen.getByLabelText(/^Postal code/), '62701');
    // The buyer's address is offered as the first one for invoices.
    expect(screen.getByRole('textbox', { name: 'E-mail 1' })).toHaveProperty('value', email);
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));

    fillCardEn(await screen.findByLabelText(/^Card number/, {}, { timeout: 10_000 }));
    expect(screen.getByText('Ada Lovelace LLC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$7\.90$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'), {
      timeout: 15_000,
    });
    const invoices = await portal.server.call<{ items: Invoice[] }>(
      'GET',
      '/billing/invoices',
      undefined,
      tokens.accessToken,
    );
    expect(invoices.body.items[0]?.billedTo).toMatchObject({
      name: 'Ada Lovelace LLC',
      country: 'US',
      taxId: '',
    });
  });

  it(
    'pays with a good card and lands on the Billing tab with Basic, the organization’s plan re-read',
    SLOW,
    async () => {
      const { router, readPlan } = await openCheckout();
      await screen.findByLabelText(/^Número do cartão/);
      // The test cards table fills the number (and any expiry and CVC).
      fireEvent.click(screen.getByRole('button', { name: 'Usar o cartão 4242 4242 4242 4242' }));
      expect(screen.getByLabelText(/^Número do cartão/)).toHaveProperty('value', '4242 4242 4242 4242');
      fireEvent.click(screen.getByRole('button', { name: PAY }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'));
      expect(await screen.findByText('Pagamento confirmado. Seu novo plano está ativo.')).toBeTruthy();
      expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('billing');
      expect(await screen.findByText('Basic · Mensal')).toBeTruthy();
      expect(await readPlan()).toBe('basic');
      // The plan is the organization's (decision 033): the Members tab shows it without a reload.
      await router.navigate('/account/settings?tab=members');
      expect(await screen.findByText(/^Plano Basic\./)).toBeTruthy();
    },
  );

  it('issues a boleto, shows its line, and a simulated payment ends on the Billing tab', SLOW, async () => {
    const { router, readPlan } = await openCheckout();
    fireEvent.click(await screen.findByRole('tab', { name: 'Boleto' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gerar boleto' }));
    expect(await screen.findByText('Aguardando pagamento')).toBeTruthy();
    expect(screen.getByText(/^Vence em /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar linha digitável' })).toBeTruthy();
    expect(await readPlan()).toBe('free');

    fireEvent.click(screen.getByRole('button', { name: 'Simular pagamento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'));
    expect(await screen.findByText('Basic · Mensal')).toBeTruthy();
    expect(await readPlan()).toBe('basic');
  });

  it('cancels and goes back to pricing', SLOW, async () => {
    const { router } = await openCheckout('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel and go back to pricing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Purchase cancelled: nothing was charged.');
  });
});
