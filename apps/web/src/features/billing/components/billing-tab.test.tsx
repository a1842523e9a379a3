import type { Invoice } from '@cotacep/shared/billing-schemas';
import { COMPANY } from '@cotacep/shared/company';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_DETAILS, startCheckout, subscribe } from '#web/test/billing-fixtures.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server in test mode; customers subscribe through its API as the checkout page would.
const portal = setUpScreenPortal();

const SLOW = { timeout: 40_000 };
let counter = 0;

async function signIn(label: string) {
  const tokens = await portal.server.createUser(`${label}-${Date.now()}-${++counter}@example.com`);
  portal.session.setSession(tokens);
  return tokens.accessToken;
}

const section = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.mantine-Card-root') as HTMLElement;

describe('Billing tab', () => {
  it('shows a Free account its plan, no period or payment, no invoices, and Upgrade', SLOW, async () => {
    await signIn('free');
    await portal.app.renderApp('/account/settings?tab=billing', 'pt-BR');
    expect(await screen.findByText('Nenhum pagamento: o plano Free é gratuito')).toBeTruthy();
    const summary = section('Assinatura');
    expect(within(summary).getByText('Free')).toBeTruthy();
    expect(within(summary).getByText('Sem período de cobrança')).toBeTruthy();
    expect(within(summary).queryByRole('button', { name: 'Gerenciar assinatura' })).toBeNull();
    expect(within(summary).getByRole('link', { name: 'Fazer upgrade' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(await screen.findByText('Nenhuma fatura ainda.')).toBeTruthy();
  });

  it(
    'shows a subscription: plan and cycle, status, period, next payment, its invoice, and Manage',
    SLOW,
    async () => {
      const token = await signIn('subscribed');
      await subscribe(portal.server, token, 'basic', 'monthly');
      const { router } = await portal.app.renderApp('/account/settings?tab=billing', 'en');
      expect(await screen.findByText('Basic · Monthly')).toBeTruthy();
      const summary = section('Subscription');
      expect(within(summary).getByText('Active')).toBeTruthy();
      expect(within(summary).getByText(/^R\$\s?29\.90 on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeTruthy();
      expect(within(summary).getByText(/^[A-Z][a-z]{2} \d{1,2}/, { selector: 'div' })).toBeTruthy();

      const [invoice] = (
        await portal.server.call<{ items: Invoice[] }>('GET', '/billing/invoices', undefined, token)
      ).body.items;
      const link = await screen.findByRole('link', { name: `View invoice ${invoice?.number}` });
      expect(link.getAttribute('href')).toBe(`/billing/invoices/${invoice?.id}`);
      const row = link.closest('tr') as HTMLElement;
      expect(within(row).getByText('Paid')).toBeTruthy();
      expect(within(row).getByText(/^R\$\s?29\.90$/)).toBeTruthy();

      fireEvent.click(within(summary).getByRole('button', { name: 'Manage subscription' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/billing/manage'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Manage subscription' })).toBeTruthy();
    },
  );

  it('offers to finish a checkout left open', SLOW, async () => {
    const token = await signIn('open-checkout');
    const id = await startCheckout(portal.server, token, 'pro', 'yearly');
    await portal.app.renderApp('/account/settings?tab=billing', 'en');
    const finish = await screen.findByRole('link', { name: 'Finish your purchase' });
    expect(finish.getAttribute('href')).toMatch(new RegExp(`/billing/checkout/${id}$`));
    expect(screen.getByText('You started buying Pro (Yearly) and did not finish.')).toBeTruthy();
  });
});

describe('invoice page', () => {
  it('prints the seller, the buyer with the CPF written out, the line and the total', SLOW, async () => {
    const token = await signIn('invoice');
    await subscribe(portal.server, token, 'pro', 'yearly');
    const [invoice] = (
      await portal.server.call<{ items: Invoice[] }>('GET', '/billing/invoices', undefined, token)
    ).body.items;
    // happy-dom has no print dialog.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    await portal.app.renderApp(`/billing/invoices/${invoice?.id}`, 'pt-BR');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatura' })).toBeTruthy();
    expect(screen.getByText(invoice?.number ?? '')).toBeTruthy();
    expect(screen.getByText('Tess Tester')).toBeTruthy();
    expect(screen.getByText('CPF: 529.982.247-25')).toBeTruthy();
    expect(screen.getByText('Avenida Paulista, 1000 – Bela Vista')).toBeTruthy();
    expect(screen.getByText('São Paulo – SP, 01310-100')).toBeTruthy();
    expect(screen.getByText('Plano Pro (Anual)')).toBeTruthy();
    expect(screen.getAllByText('R$ 799,00')).toHaveLength(2);
    expect(screen.getByText('Paga')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('names the issuer (name, CNPJ, address) and downloads the invoice as a PDF', SLOW, async () => {
    const token = await signIn('invoice-pdf');
    await subscribe(portal.server, token, 'basic', 'monthly');
    const [invoice] = (
      await portal.server.call<{ items: Invoice[] }>('GET', '/billing/invoices', undefined, token)
    ).body.items;
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((file: Blob) => {
      files.push(file);
      return 'blob:invoice';
    });
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    await portal.app.renderApp(`/billing/invoices/${invoice?.id}`, 'en');
    const issuer = within(await screen.findByRole('group', { name: 'Issued by' }));
    expect(issuer.getByText(COMPANY.legalName)).toBeTruthy();
    expect(issuer.getByText(`CNPJ ${COMPANY.cnpj}`)).toBeTruthy();
    for (const line of COMPANY.addressLines) expect(issuer.getByText(line)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toEqual([`${invoice?.number}.pdf blob:invoice`]));
    expect(files[0]?.type).toBe('application/pdf');
    expect(new TextDecoder('latin1').decode((await files[0]!.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  // Last in the file: it moves the portal.server's billing clock a month forward.
  it('lets test mode pay a renewal’s boleto from its invoice', SLOW, async () => {
    const token = await signIn('boleto-renewal');
    const id = await startCheckout(portal.server, token, 'basic', 'monthly');
    const billingDetails = BILLING_DETAILS;
    await portal.server.call(
      'POST',
      `/billing/test/checkouts/${id}/pay`,
      { method: 'boleto', billingDetails },
      token,
    );
    await portal.server.call('POST', `/billing/test/checkouts/${id}/boleto`, { outcome: 'paid' }, token);
    await portal.server.call('POST', '/billing/test/clock', { days: 31 }, token);
    const [renewal] = (
      await portal.server.call<{ items: Invoice[] }>('GET', '/billing/invoices', undefined, token)
    ).body.items;
    expect(renewal?.status).toBe('open');

    await portal.app.renderApp(`/billing/invoices/${renewal?.id}`, 'pt-BR');
    expect(await screen.findByText('Em aberto')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simular pagamento' }));
    expect(await screen.findByText('Paga')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).toBeNull();
  });
});
