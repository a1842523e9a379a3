import { type BillingSummary, TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { subscribe, subscribeByBoleto } from '#web/test/billing-fixtures.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server in test mode, whose billing clock the last test moves forward.
const portal = setUpScreenPortal();

const SLOW = { timeout: 40_000 };
let counter = 0;

async function subscribed(planId: 'basic' | 'pro', cardNumber?: string) {
  const tokens = await portal.server.createUser(`manage-${Date.now()}-${++counter}@example.com`);
  portal.session.setSession(tokens);
  await subscribe(portal.server, tokens.accessToken, planId, 'monthly', cardNumber);
  return async () =>
    (await portal.server.call<BillingSummary>('GET', '/billing', undefined, tokens.accessToken)).body;
}

const section = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.mantine-Card-root') as HTMLElement;

describe('manage page', () => {
  it('upgrades at once; the organization’s plan shown elsewhere follows', SLOW, async () => {
    const readSummary = await subscribed('basic');
    const { router } = await portal.app.renderApp('/billing/manage?plan=pro&cycle=monthly', 'en');
    expect(await screen.findByText('Test mode')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Change plan' });
    const change = section('Change plan');
    expect(within(change).getByRole('combobox', { name: 'Plan' })).toHaveProperty('value', 'pro');
    expect(within(change).getByRole('status').textContent).toMatch(/^An upgrade applies now/);
    // The button and the notice after it say when the change takes effect.
    fireEvent.click(within(change).getByRole('button', { name: 'Upgrade now' }));
    expect(await screen.findByText('Your plan is now Pro (Monthly), from today.')).toBeTruthy();
    expect(await screen.findByText('Pro · Monthly')).toBeTruthy();
    expect((await readSummary()).planId).toBe('pro');
    // The plan is the organization's (issue 24): the organization read again carries it.
    await act(() => router.navigate('/account/settings?tab=members'));
    expect(await screen.findByText(/^Pro plan\./)).toBeTruthy();
  });

  it('shows an upgrade by boleto awaiting payment, with its boleto, and keeps the plan', SLOW, async () => {
    const tokens = await portal.server.createUser(`manage-boleto-${Date.now()}@example.com`);
    portal.session.setSession(tokens);
    await subscribeByBoleto(portal.server, tokens.accessToken, 'basic', 'monthly');
    await portal.app.renderApp('/billing/manage?plan=business&cycle=monthly', 'pt-BR');
    await screen.findByRole('heading', { name: 'Mudar de plano' });
    const change = section('Mudar de plano');
    expect(within(change).getByRole('status').textContent).toMatch(
      /^Um upgrade por boleto vale quando o boleto for pago/,
    );
    fireEvent.click(within(change).getByRole('button', { name: 'Confirmar mudança' }));
    expect(await screen.findByText('Boleto emitido. Seu plano muda quando ele for pago.')).toBeTruthy();
    const current = section('Assinatura atual');
    expect(
      await within(current).findByText(
        /^Upgrade para Business \(Mensal\) aguardando pagamento do boleto: seu plano muda quando o boleto de R\$\s?[\d.,]+ for pago\. Sem pagamento até .+, você continua no plano atual\.$/,
      ),
    ).toBeTruthy();
    expect(within(current).getByText('Basic · Mensal')).toBeTruthy();
    const summary = (
      await portal.server.call<BillingSummary>('GET', '/billing', undefined, tokens.accessToken)
    ).body;
    expect(summary.planId).toBe('basic');
    const link = within(current).getByRole('link', { name: 'Ver o boleto' });
    expect(link.getAttribute('href')).toBe(
      `/billing/invoices/${summary.subscription?.pendingChange?.invoiceId}`,
    );
    // Asking for it again would issue nothing new: the button waits.
    expect(within(change).getByRole('status').textContent).toBe(
      'Este upgrade está aguardando pagamento do boleto.',
    );
    expect(within(change).getByRole('button', { name: 'Confirmar mudança' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says in English that an upgrade awaits boleto payment', SLOW, async () => {
    const tokens = await portal.server.createUser(`manage-boleto-en-${Date.now()}@example.com`);
    portal.session.setSession(tokens);
    await subscribeByBoleto(portal.server, tokens.accessToken, 'basic', 'monthly');
    await portal.server.call(
      'POST',
      '/billing/test/manage',
      { action: 'change', planId: 'pro', cycle: 'monthly' },
      tokens.accessToken,
    );
    await portal.app.renderApp('/account/settings?tab=billing', 'en');
    expect(
      await screen.findByText(/^Upgrade to Pro \(Monthly\) awaiting boleto payment: your plan changes when/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the boleto' })).toBeTruthy();
  });

  it('schedules a downgrade for the period end', SLOW, async () => {
    const readSummary = await subscribed('pro');
    await portal.app.renderApp('/billing/manage', 'en');
    const plan = await screen.findByRole('combobox', { name: 'Plan' });
    fireEvent.change(plan, { target: { value: 'basic' } });
    const change = section('Change plan');
    expect(within(change).getByRole('status').textContent).toMatch(
      /^Takes effect on [A-Z][a-z]{2} \d{1,2}, \d{4}, at the end of your current period\.$/,
    );
    const date = /^Takes effect on (.+), at the end/.exec(
      within(change).getByRole('status').textContent ?? '',
    )![1];
    fireEvent.click(within(change).getByRole('button', { name: `Change on ${date}` }));
    expect(
      await screen.findByText(`Change scheduled: on ${date} your plan becomes Basic (Monthly).`),
    ).toBeTruthy();
    expect(await screen.findByText(/^On .+ your plan changes to Basic \(Monthly\)\.$/)).toBeTruthy();
    const summary = await readSummary();
    expect(summary.planId).toBe('pro');
    expect(summary.subscription?.scheduledChange).toEqual({ planId: 'basic', cycle: 'monthly' });
  });

  it('cancels after a confirmation that says until when, and resumes', SLOW, async () => {
    const readSummary = await subscribed('basic');
    await portal.app.renderApp('/billing/manage', 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar assinatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar sua assinatura?' });
    expect(
      within(dialog).getByText(/^Seu plano continua até .+; depois disso, você passa para o Free\.$/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar assinatura' }));
    expect(await screen.findByRole('button', { name: 'Retomar assinatura' })).toBeTruthy();
    expect(screen.getByText(/^Termina em /)).toBeTruthy();
    expect((await readSummary()).subscription?.cancelAt).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retomar assinatura' }));
    expect(await screen.findByRole('button', { name: 'Cancelar assinatura' })).toBeTruthy();
    expect((await readSummary()).subscription?.cancelAt).toBeNull();
  });

  // Moves this customer's billing clock (each account has its own).
  it('shows a failed renewal on the Billing tab and fixes it with another card', SLOW, async () => {
    const readSummary = await subscribed('basic', TEST_CARDS.renewalFails);
    await portal.server.call(
      'POST',
      '/billing/test/clock',
      { days: 32 },
      portal.session.getAccessToken() ?? '',
    );
    expect((await readSummary()).subscription?.status).toBe('past_due');

    const { router } = await portal.app.renderApp('/account/settings?tab=billing', 'en');
    const banner = await screen.findByRole('alert', { name: 'Your last payment failed' });
    expect(
      within(banner).getByText(/^Your plan stays until .+\. Pay the open invoice before then/),
    ).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Fix payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/manage'));

    expect(await screen.findByText(/^Invoice .+ is open\.$/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Change plan' })).toBeNull();
    expect(await screen.findByText(/\(32 days ahead\)$/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Card number/), { target: { value: TEST_CARDS.success } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay the invoice' }));
    expect(await screen.findByText('Invoice paid. Your subscription is active again.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Change plan' })).toBeTruthy();
    expect((await readSummary()).subscription?.status).toBe('active');
  });
});
