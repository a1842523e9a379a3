import type { BillingSummary, TestCheckout } from '@cotacep/shared/billing-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startCheckout, subscribe } from '#web/test/billing-fixtures.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server in test mode (issue 27's Pix): its checkout page, its manage page and its bank.
const portal = setUpScreenPortal();

const SLOW = { timeout: 60_000 };
let counter = 0;

async function signedIn() {
  const tokens = await portal.server.createUser(`pix-${Date.now()}-${++counter}@example.com`);
  portal.session.setSession(tokens);
  const call = <T,>(method: string, route: string, body?: unknown) =>
    portal.server.call<T>(method, route, body, tokens.accessToken);
  const readPlan = async () => (await call<BillingSummary>('GET', '/billing')).body.planId;
  return { token: tokens.accessToken, call, readPlan };
}

/** A signed-in customer on the page of a Pro yearly checkout in reais. */
async function openYearlyCheckout(language: 'pt-BR' | 'en' = 'pt-BR') {
  const customer = await signedIn();
  const id = await startCheckout(portal.server, customer.token, 'pro', 'yearly');
  const view = await portal.app.renderApp(`/billing/checkout/${id}`, language);
  const readCheckout = async () =>
    (await customer.call<TestCheckout>('GET', `/billing/test/checkouts/${id}`)).body;
  return { ...view, ...customer, id, readCheckout };
}

const countdown = () => screen.getByText(/^\d{2}:\d{2}$/).textContent ?? '';

describe('Pix at the checkout', () => {
  it(
    'shows the QR code and the copia e cola, counts down, and the bank’s payment ends on the Billing tab',
    SLOW,
    async () => {
      const { router, readCheckout, readPlan } = await openYearlyCheckout();
      fireEvent.click(await screen.findByRole('tab', { name: 'Pix' }));
      expect(screen.getByText(/^Pague na hora no app do seu banco/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Gerar código Pix' }));

      expect((await screen.findByRole('status')).textContent).toBe('Aguardando pagamento');
      const code = (await readCheckout()).pix?.brCode ?? '';
      expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*5406799\.00.*6304[0-9A-F]{4}$/);
      expect(screen.getByRole('img', { name: /^QR code do Pix de R\$\s799,00$/ })).toBeTruthy();
      const field = screen.getByRole('textbox', { name: 'Pix copia e cola' }) as HTMLTextAreaElement;
      expect(field.value).toBe(code);
      expect(field.readOnly).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
      expect(await screen.findByRole('button', { name: 'Copiado' })).toBeTruthy();

      expect(screen.getByText('Válido por')).toBeTruthy();
      const first = countdown();
      expect(first).toMatch(/^(29:[0-5]\d|30:00)$/);
      await waitFor(() => expect(countdown()).not.toBe(first), { timeout: 3_000 });
      expect(await readPlan()).toBe('free');

      fireEvent.click(screen.getByRole('button', { name: 'Simular pagamento (o banco)' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'));
      expect(await screen.findByText('Pro · Anual')).toBeTruthy();
      expect(await readPlan()).toBe('pro');
    },
  );

  it('follows a payment made elsewhere (the bank’s app) and moves on by itself', SLOW, async () => {
    const { router, id, call } = await openYearlyCheckout('en');
    fireEvent.click(await screen.findByRole('tab', { name: 'Pix' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Pix code' }));
    expect((await screen.findByRole('status')).textContent).toBe('Waiting for payment');
    expect((await call('POST', `/billing/test/checkouts/${id}/pix/pay`)).status).toBe(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'), {
      timeout: 15_000,
    });
  });

  it('offers no Pix for a monthly plan, and says why', SLOW, async () => {
    const customer = await signedIn();
    const id = await startCheckout(portal.server, customer.token, 'basic', 'monthly');
    await portal.app.renderApp(`/billing/checkout/${id}`, 'pt-BR');
    expect(await screen.findByRole('tab', { name: 'Boleto' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Pix' })).toBeNull();
    expect(
      screen.getByText('Pix para planos anuais: um plano mensal renova todo mês no cartão ou por boleto.'),
    ).toBeTruthy();
  });
});

describe('Pix for an open invoice', () => {
  it(
    'pays a failed renewal: an expired code offers a new one, and the bank’s payment restores the plan',
    SLOW,
    async () => {
      const customer = await signedIn();
      await subscribe(portal.server, customer.token, 'basic', 'monthly', '4000000000000341');
      await customer.call('POST', '/billing/test/clock', { days: 31 });
      await portal.app.renderApp('/billing/manage', 'en');
      const card = (await screen.findByRole('heading', { name: 'Pay with Pix' })).closest(
        '.mantine-Card-root',
      );
      const pix = within(card as HTMLElement);
      expect(await pix.findByText(/^Pay R\$\s?29\.90 at once by Pix/)).toBeTruthy();
      fireEvent.click(pix.getByRole('button', { name: 'Generate Pix code' }));
      const field = (await pix.findByRole('textbox', { name: 'Pix copia e cola' })) as HTMLTextAreaElement;
      const first = field.value;
      expect(first).toContain('540529.90');

      // A day later on the account's clock the code has expired; the page, following it, says so.
      await customer.call('POST', '/billing/test/clock', { days: 1 });
      await waitFor(() => expect(pix.getByRole('status').textContent).toBe('Code expired'), {
        timeout: 15_000,
      });
      expect(pix.queryByRole('textbox')).toBeNull();
      fireEvent.click(pix.getByRole('button', { name: 'Generate a new code' }));
      const renewed = (await pix.findByRole('textbox', { name: 'Pix copia e cola' })) as HTMLTextAreaElement;
      expect(renewed.value).not.toBe(first);

      fireEvent.click(pix.getByRole('button', { name: 'Simulate payment (the bank)' }));
      expect(await screen.findByText('Pix payment confirmed: the invoice is paid.')).toBeTruthy();
      await waitFor(async () =>
        expect((await customer.call<BillingSummary>('GET', '/billing')).body.subscription?.status).toBe(
          'active',
        ),
      );
    },
  );
});
