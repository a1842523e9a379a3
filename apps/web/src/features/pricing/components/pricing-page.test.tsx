import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { subscribe } from '#web/test/billing-fixtures.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server in test mode (PAYMENTS_PROVIDER=test, the default).
const portal = setUpScreenPortal();

const SLOW = { timeout: 40_000 };
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const card = (name: string) => screen.getByRole('article', { name });
const buttonOf = (name: string) => within(card(name)).getByRole('button');
const labels = () =>
  ['Free', 'Basic', 'Pro', 'Business', 'Enterprise'].map(
    (name) =>
      within(card(name)).queryByRole('button')?.textContent ??
      within(card(name)).queryByRole('link')?.textContent,
  );

async function signIn(label: string) {
  const tokens = await portal.server.createUser(uniqueEmail(label));
  portal.session.setSession(tokens);
  return tokens;
}

describe('prices', () => {
  it('shows BRL in pt-BR; yearly shows the year, its monthly equivalent and the saving', SLOW, async () => {
    await portal.app.renderApp('/pricing', 'pt-BR');
    expect(await screen.findByRole('heading', { level: 1, name: 'Planos e preços' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Basic' });
    expect(within(card('Basic')).getByText('R$ 29,90')).toBeTruthy();
    expect(within(card('Business')).getByText('R$ 199,90')).toBeTruthy();
    expect(within(card('Enterprise')).getByText('Sob consulta')).toBeTruthy();
    expect(within(card('Basic')).getByText('1.000.000 requisições/mês')).toBeTruthy();
    expect(within(card('Basic')).getByText('300 requisições por minuto')).toBeTruthy();
    expect(within(card('Basic')).getByText('Até 5 tokens de API')).toBeTruthy();
    expect(within(card('Free')).getByText('Sem cartão de crédito')).toBeTruthy();
    expect(screen.getByText('Anual: 2 meses grátis')).toBeTruthy();
    expect(screen.getByText(/Só as respostas de sucesso \(2xx e 304\) usam sua cota/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Anual' }));
    expect(await within(card('Basic')).findByText('R$ 299')).toBeTruthy();
    expect(within(card('Basic')).getByText('/ano')).toBeTruthy();
    expect(within(card('Basic')).getByText('R$ 24,92/mês no plano anual')).toBeTruthy();
    expect(within(card('Basic')).getByText('Economize R$ 59,80 por ano')).toBeTruthy();
    expect(within(card('Business')).getByText('R$ 1.999')).toBeTruthy();
    expect(within(card('Basic')).queryByText('R$ 29,90')).toBeNull();
  });

  it('shows USD in English', SLOW, async () => {
    await portal.app.renderApp('/pricing?cycle=yearly', 'en');
    await screen.findByRole('article', { name: 'Pro' });
    expect(within(card('Pro')).getByText('$199')).toBeTruthy();
    expect(within(card('Pro')).getByText('Save $39.80 a year')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(await within(card('Pro')).findByText('$19.90')).toBeTruthy();
    expect(screen.getByText('Prices in US dollars (USD).')).toBeTruthy();
  });
});

describe('currency (decision 027)', () => {
  it('lets a visitor switch between reais and dollars, in either language', SLOW, async () => {
    const { router } = await portal.app.renderApp('/pricing', 'en');
    await screen.findByRole('article', { name: 'Basic' });
    const currency = screen.getByRole('radiogroup', { name: 'Currency' });
    expect(within(currency).getByRole('radio', { name: '$ USD' })).toHaveProperty('checked', true);
    expect(within(card('Basic')).getByText('$7.90')).toBeTruthy();

    fireEvent.click(within(currency).getByRole('radio', { name: 'R$ BRL' }));
    expect(await within(card('Basic')).findByText('R$29.90')).toBeTruthy();
    expect(screen.getByText('Prices in Brazilian reais (BRL).')).toBeTruthy();
    // Buy Now carries the currency the prices were shown in through sign-up to the first purchase.
    fireEvent.click(buttonOf('Basic'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
        '/pricing?plan=basic&cycle=monthly&currency=BRL&checkout=1',
      ),
    );
  });

  it("shows a reais subscriber R$ in English, with no switch: the customer's currency", SLOW, async () => {
    const tokens = await signIn('brl-subscriber');
    await subscribe(portal.server, tokens.accessToken, 'basic', 'monthly');
    await portal.app.renderApp('/pricing', 'en');
    await waitFor(() => expect(buttonOf('Basic').textContent).toBe('Current Plan'));
    expect(within(card('Basic')).getByText('R$29.90')).toBeTruthy();
    expect(within(card('Pro')).getByText('R$79.90')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Currency' })).toBeNull();
    expect(screen.getByText("Prices in Brazilian reais (BRL), your account's currency.")).toBeTruthy();
  });

  it('shows a dollar customer US$ in Portuguese, and their first purchase is in dollars', SLOW, async () => {
    const tokens = await signIn('usd-customer');
    await portal.server.call('PATCH', '/account', { currency: 'USD' }, tokens.accessToken);
    const { router } = await portal.app.renderApp('/pricing', 'pt-BR');
    await waitFor(() => expect(within(card('Basic')).getByText('US$ 7,90')).toBeTruthy());
    expect(screen.getByRole('radio', { name: 'US$ USD' })).toHaveProperty('checked', true);
    expect(
      screen.getByText(
        'Preços em dólares americanos (USD). Sua primeira compra define a moeda da sua conta.',
      ),
    ).toBeTruthy();
    fireEvent.click(buttonOf('Basic'));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/billing\/checkout\//));
    // In dollars with no billing details yet, the checkout asks for them before the card (issue 27).
    expect(
      await screen.findByText('Para quem é a fatura? Salve os dados de cobrança e depois pague.'),
    ).toBeTruthy();
    expect(screen.getAllByText(/^US\$\s7,90$/).length).toBeGreaterThan(0);
  });
});

describe('buttons per customer', () => {
  it('offers a visitor Start free, Buy Now and Contact us', SLOW, async () => {
    await portal.app.renderApp('/pricing', 'en');
    await screen.findByRole('article', { name: 'Basic' });
    expect(labels()).toEqual(['Start free', 'Buy Now', 'Buy Now', 'Buy Now', 'Contact us']);
    fireEvent.click(buttonOf('Enterprise'));
    const dialog = await screen.findByRole('dialog', { name: 'Talk to us about Enterprise' });
    expect(within(dialog).getByRole('textbox', { name: /Message/ })).toBeTruthy();
  });

  it(
    "shows a Free customer's plan as current (from GET billing) and Buy Now on paid plans",
    SLOW,
    async () => {
      await signIn('free-customer');
      await portal.app.renderApp('/pricing', 'en');
      await waitFor(() => expect(buttonOf('Free').textContent).toBe('Current Plan'));
      expect(buttonOf('Free')).toHaveProperty('disabled', true);
      expect(labels()).toEqual(['Current Plan', 'Buy Now', 'Buy Now', 'Buy Now', 'Contact us']);
    },
  );

  it(
    'marks Basic monthly current for its subscriber; every other plan or cycle is Choose Plan',
    SLOW,
    async () => {
      const tokens = await signIn('basic-customer');
      await subscribe(portal.server, tokens.accessToken, 'basic', 'monthly');
      // The token carries no plan (issue 24: the plan is the organization's); the page reads it from the server.
      expect(portal.session.getUser()?.plan).toBeUndefined();
      const { router } = await portal.app.renderApp('/pricing', 'en');
      await waitFor(() => expect(buttonOf('Basic').textContent).toBe('Current Plan'));
      expect(buttonOf('Basic')).toHaveProperty('disabled', true);
      expect(labels()).toEqual(['Choose Plan', 'Current Plan', 'Choose Plan', 'Choose Plan', 'Contact us']);

      fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
      await waitFor(() => expect(buttonOf('Basic').textContent).toBe('Choose Plan'));
      expect(buttonOf('Basic')).toHaveProperty('disabled', false);

      // Choose Plan for a subscriber goes to the manage page with the change pre-selected.
      fireEvent.click(buttonOf('Pro'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/billing/manage'));
      expect(router.state.location.search).toBe('?plan=pro&cycle=yearly');
      expect(await screen.findByRole('combobox', { name: 'Plan' })).toHaveProperty('value', 'pro');
      expect(screen.getByRole('status').textContent).toMatch(/^An upgrade applies now/);
    },
  );
});

describe('a visitor buying', () => {
  it('signs up, confirms and lands on the checkout of the plan chosen', {
    timeout: 60_000,
  }, async () => {
    const { router } = await portal.app.renderApp('/pricing', 'en');
    await screen.findByRole('article', { name: 'Basic' });
    fireEvent.click(buttonOf('Basic'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup'));
    const target = '/pricing?plan=basic&cycle=monthly&currency=USD&checkout=1';
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(target);

    const email = uniqueEmail('buyer');
    type(await screen.findByLabelText(/^First Name/), 'Bia');
    type(screen.getByLabelText(/^Last Name/), 'Buyer');
    type(screen.getByRole('textbox', { name: /Email/ }), email);
    type(screen.getByLabelText(/^Password/), 'a long enough password');
    type(screen.getByLabelText(/^Confirm Password/), 'a long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup/confirm'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(target);

    type(await screen.findByLabelText(/^Code/), await portal.server.readCode(email));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    // Issue 23: confirming in the browser that signed up signs in; no password to type again.
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/billing\/checkout\/[0-9a-f-]{36}$/),
    );
    expect(await screen.findByText('Test mode')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeTruthy();
  });
});
