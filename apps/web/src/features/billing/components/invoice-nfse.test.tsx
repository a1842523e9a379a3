import type { Invoice } from '@cotacep/shared/billing-schemas';
import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import type { NfseStatus } from '@cotacep/shared/nfse-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILLING_DETAILS, saveBillingDetails, startCheckout, subscribe } from '#web/test/billing-fixtures.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// Issue 27 on the real portal server in test mode: its embedded issuer issues a nota within seconds, refuses
// one for the CNPJ it always refuses, and cancels one when "the bank" reverses the payment.
const portal = setUpScreenPortal();

const SLOW = { timeout: 60_000 };
/** The CNPJ the test issuer refuses as the taker's (`TEST_REJECTED_TAX_ID` on the server). */
const REFUSED_CNPJ = '99999999000191';
let counter = 0;

async function signIn(label: string) {
  const tokens = await portal.server.createUser(`${label}-${Date.now()}-${++counter}@example.com`);
  portal.session.setSession(tokens);
  return tokens.accessToken;
}

/** The invoice as the API answers it once its nota reached `status` (the server's worker is woken by the payment). */
async function waitForNota(token: string, status: NfseStatus): Promise<Invoice> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [invoice] = (
      await portal.server.call<{ items: Invoice[] }>('GET', '/billing/invoices', undefined, token)
    ).body.items;
    if (invoice?.nfse?.status === status) return invoice;
    if (Date.now() > deadline) throw new Error(`nota is ${invoice?.nfse?.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Records what the page hands the browser to download: file name and contents. */
function catchDownloads() {
  const files: Blob[] = [];
  const names: string[] = [];
  URL.createObjectURL = vi.fn((file: Blob) => {
    files.push(file);
    return 'blob:nfse';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { files, names };
}

const invoiceRow = async (number: string) =>
  (await screen.findByRole('link', { name: new RegExp(number) })).closest('tr') as HTMLTableRowElement;

/**
 * The row's nota, in its own column from a tablet up and under the invoice's status on a phone (hidden at
 * the test's width): the test reads each where it is.
 */
const nfseCells = (row: HTMLTableRowElement) => ({
  wide: within(row.cells[3] as HTMLElement),
  phone: within(row.cells[2] as HTMLElement),
});

afterEach(() => vi.restoreAllMocks());

describe('the nota on the Billing tab and the invoice page', () => {
  it('shows an issued nota with its number and downloads its PDF and XML', SLOW, async () => {
    const token = await signIn('nfse-issued');
    await subscribe(portal.server, token, 'pro', 'monthly');
    const invoice = await waitForNota(token, 'issued');
    const number = invoice.nfse?.number ?? '';
    const downloads = catchDownloads();

    await portal.app.renderApp('/account/settings?tab=billing', 'pt-BR');
    const { wide, phone } = nfseCells(await invoiceRow(invoice.number));
    expect(wide.getByText('Emitida')).toBeTruthy();
    expect(wide.getByText(`Nº ${number}`)).toBeTruthy();
    expect(phone.getByText('NFS-e')).toBeTruthy();
    expect(phone.getByText('Emitida')).toBeTruthy();
    expect(phone.getByRole('button', { name: `PDF da NFS-e ${number}`, hidden: true })).toBeTruthy();
    fireEvent.click(wide.getByRole('button', { name: `PDF da NFS-e ${number}` }));
    await waitFor(() => expect(downloads.names).toEqual([`NFS-e-${number}.pdf`]));
    expect(new TextDecoder('latin1').decode((await downloads.files[0]!.arrayBuffer()).slice(0, 5))).toBe(
      '%PDF-',
    );
    expect(wide.getByRole('button', { name: `XML da NFS-e ${number}` })).toBeTruthy();
  });

  it('gives the invoice page the nota’s number, verification code, date and files', SLOW, async () => {
    const token = await signIn('nfse-page');
    await subscribe(portal.server, token, 'basic', 'monthly');
    const invoice = await waitForNota(token, 'issued');
    const downloads = catchDownloads();

    await portal.app.renderApp(`/billing/invoices/${invoice.id}`, 'en');
    const section = within(await screen.findByRole('region', { name: 'Service invoice (NFS-e)' }));
    expect(section.getByText('Issued')).toBeTruthy();
    expect(section.getByText(invoice.nfse?.number ?? '')).toBeTruthy();
    expect(section.getByText(invoice.nfse?.verificationCode ?? '')).toBeTruthy();
    expect(section.getByText('Issued on')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Download NFS-e XML' }));
    await waitFor(() => expect(downloads.names).toEqual([`NFS-e-${invoice.nfse?.number}.xml`]));
    expect(await downloads.files[0]!.text()).toContain('<NFSe');
    expect(section.getByRole('button', { name: 'Download NFS-e PDF' })).toBeTruthy();
  });

  it(
    'says a rejected nota will be issued again, points at the billing details and offers no files',
    SLOW,
    async () => {
      const token = await signIn('nfse-rejected');
      await saveBillingDetails(portal.server, token, {
        ...BILLING_DETAILS,
        legalName: 'Empresa Recusada Ltda.',
        taxId: REFUSED_CNPJ,
      });
      await subscribe(portal.server, token, 'basic', 'monthly');
      const invoice = await waitForNota(token, 'rejected');

      const { router } = await portal.app.renderApp('/account/settings?tab=billing', 'en');
      const row = await invoiceRow(invoice.number);
      const { wide, phone } = nfseCells(row);
      expect(wide.getByText('Rejected')).toBeTruthy();
      expect(phone.getByText('Rejected')).toBeTruthy();
      expect(within(row).queryByRole('button', { name: /PDF|XML/ })).toBeNull();

      fireEvent.click(within(row).getByRole('link', { name: `View invoice ${invoice.number}` }));
      const section = within(await screen.findByRole('region', { name: 'Service invoice (NFS-e)' }));
      expect(
        section.getByText(/The issuer refused this service invoice\. Our team has been told/),
      ).toBeTruthy();
      expect(section.queryByRole('button', { name: /Download/ })).toBeNull();
      fireEvent.click(section.getByRole('link', { name: 'Check your billing details' }));
      await waitFor(() => expect(router.state.location.hash).toBe('#billing-details'));
      expect(router.state.location.search).toBe('?tab=billing');
    },
  );
});

describe('test mode’s refund (the bank)', () => {
  it('asks first, then shows the invoice void and its nota cancelled, without the files', SLOW, async () => {
    const token = await signIn('nfse-refund');
    await subscribe(portal.server, token, 'pro', 'yearly');
    const invoice = await waitForNota(token, 'issued');

    await portal.app.renderApp(`/billing/invoices/${invoice.id}`, 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Simular estorno (o banco)' }));
    let dialog = within(await screen.findByRole('dialog', { name: `Estornar a fatura ${invoice.number}?` }));
    expect(dialog.getByText(/O pagamento de R\$\s?799,00 volta para quem pagou/)).toBeTruthy();
    // Cancel changes nothing.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await waitForNota(token, 'issued')).status).toBe('paid');

    fireEvent.click(screen.getByRole('button', { name: 'Simular estorno (o banco)' }));
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Estornar' }));
    expect(
      await screen.findByText(`Pagamento estornado: a fatura ${invoice.number} foi anulada.`),
    ).toBeTruthy();
    expect(await screen.findByText('Anulada')).toBeTruthy();
    const section = within(screen.getByRole('region', { name: 'Nota fiscal (NFS-e)' }));
    // Cancelling, then cancelled once the worker has been to the issuer: the page follows it by itself.
    expect(await section.findByText('Cancelada', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(
      section.getByText('Esta nota fiscal foi cancelada porque a fatura foi anulada ou estornada.'),
    ).toBeTruthy();
    expect(section.queryByRole('button', { name: /Baixar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simular estorno (o banco)' })).toBeNull();
  });

  it('is not offered for an invoice in dollars', SLOW, async () => {
    const token = await signIn('nfse-usd');
    const id = await startCheckout(portal.server, token, 'basic', 'monthly', 'USD');
    const paid = await portal.server.call(
      'POST',
      `/billing/test/checkouts/${id}/pay`,
      { method: 'card', cardNumber: TEST_CARDS.success, expiry: '12/34', cvc: '123' },
      token,
    );
    expect(paid.status).toBe(200);
    const [invoice] = (
      await portal.server.call<{ items: Invoice[] }>('GET', '/billing/invoices', undefined, token)
    ).body.items;
    expect(invoice).toMatchObject({ status: 'paid', currency: 'USD', nfse: null });

    await portal.app.renderApp(`/billing/invoices/${invoice?.id}`, 'en');
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simulate a refund (the bank)' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Service invoice (NFS-e)' })).toBeNull();
  });

  // Last in the file: it moves the account's billing clock a month forward.
  it('is not offered for an open invoice, whose nota comes with the payment', SLOW, async () => {
    const token = await signIn('nfse-open');
    const id = await startCheckout(portal.server, token, 'basic', 'monthly');
    await portal.server.call('POST', `/billing/test/checkouts/${id}/pay`, { method: 'boleto' }, token);
    await portal.server.call('POST', `/billing/test/checkouts/${id}/boleto`, { outcome: 'paid' }, token);
    await portal.server.call('POST', '/billing/test/clock', { days: 31 }, token);
    const [renewal] = (
      await portal.server.call<{ items: Invoice[] }>('GET', '/billing/invoices', undefined, token)
    ).body.items;
    expect(renewal).toMatchObject({ status: 'open', nfse: null });

    await portal.app.renderApp(`/billing/invoices/${renewal?.id}`, 'en');
    const section = within(await screen.findByRole('region', { name: 'Service invoice (NFS-e)' }));
    expect(section.getByText('The service invoice is issued once this invoice is paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simulate a refund (the bank)' })).toBeNull();
  });
});
