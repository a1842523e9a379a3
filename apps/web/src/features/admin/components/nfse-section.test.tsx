import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { Invoice } from '@cotacep/shared/billing-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DETAILS, saveBillingDetails, subscribe } from '#web/test/billing-fixtures.ts';
import { getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { createStaffMember, type StaffMember, signInStaffMember } from '#web/test/portal-staff.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// Issue 27 on the console, with the real portal: the test issuer refuses one customer's nota (the CNPJ it always
// refuses) and issues another's; staff see both, retry the rejected one with a reason, support only look.
const stamp = Date.now();
const staffMembers: Record<'staff' | 'support', StaffMember> = {} as never;
const portal = setUpScreenPortal(
  {},
  {
    beforeStart: (dataDir) => {
      staffMembers.staff = createStaffMember(dataDir, `nfse-staff-${stamp}@cotacep.dev`, 'staff');
      staffMembers.support = createStaffMember(dataDir, `nfse-support-${stamp}@cotacep.dev`, 'support');
    },
  },
);

const SLOW = { timeout: 90_000 };
const REFUSED_CNPJ = '99999999000191';
let staff: TokenSet;
let support: TokenSet;
let organizationId: string;
let invoice: Invoice;

/** A customer that bought Basic; its nota is whatever the issuer made of its billing details. */
async function buyer(firstName: string, taxId: string) {
  const tokens = await portal.server.createUser(`${firstName}-${stamp}@example.com`, undefined, undefined, {
    firstName,
    lastName: 'Loja',
  });
  await saveBillingDetails(portal.server, tokens.accessToken, {
    ...BILLING_DETAILS,
    legalName: `${firstName} Loja Ltda.`,
    taxId,
  });
  await subscribe(portal.server, tokens.accessToken, 'basic', 'monthly');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [bought] = (
      await portal.server.call<{ items: Invoice[] }>(
        'GET',
        '/billing/invoices',
        undefined,
        tokens.accessToken,
      )
    ).body.items;
    if (bought?.nfse && bought.nfse.status !== 'pending') return { tokens, invoice: bought };
    if (Date.now() > deadline) throw new Error('the nota was never settled');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  const refused = await buyer('Rita', REFUSED_CNPJ);
  expect(refused.invoice.nfse?.status).toBe('rejected');
  invoice = refused.invoice;
  organizationId = await getDefaultOrganizationId(portal.server, refused.tokens.accessToken);
  const issued = await buyer('Ivo', '52998224725');
  expect(issued.invoice.nfse?.status).toBe('issued');
  staff = await signInStaffMember(portal.server, staffMembers.staff);
  support = await signInStaffMember(portal.server, staffMembers.support);
}, 150_000);

async function openCustomer(tokens: TokenSet, language: 'pt-BR' | 'en') {
  portal.session.setSession(tokens);
  await renderScreen(portal, `/admin/customers/${organizationId}`, language);
  await screen.findByRole('heading', { level: 1, name: 'Rita Loja' });
  return screen.findByRole('region', {
    name: language === 'en' ? 'Service invoices (NFS-e)' : 'Notas fiscais (NFS-e)',
  });
}

describe('the customer’s notas on the console', () => {
  it('shows the rejection and retries it with a reason, recorded in the customer’s trail', SLOW, async () => {
    const section = within(await openCustomer(staff, 'pt-BR'));
    const table = within(await section.findByRole('region', { name: 'Notas fiscais' }));
    const row = within(table.getByRole('rowheader', { name: invoice.number }).closest('tr') as HTMLElement);
    expect(row.getByText('Recusada')).toBeTruthy();
    expect(row.getByText('Teste (embutido)')).toBeTruthy();
    expect(row.getByText(new RegExp(`^Recusada: O CNPJ do tomador \\(${REFUSED_CNPJ}\\)`))).toBeTruthy();
    expect(row.getByText('Nenhuma agendada')).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: `Tentar de novo a NFS-e da fatura ${invoice.number}` }));
    const dialog = within(
      await screen.findByRole('dialog', { name: `Tentar de novo a NFS-e da fatura ${invoice.number}?` }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Tentar agora' }));
    expect(await dialog.findByText(/pelo menos 10 caracteres/)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Motivo/ }), {
      target: { value: 'Cliente corrigiu o CNPJ na Receita' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Tentar agora' }));
    expect(
      await screen.findByText(`A NFS-e da fatura ${invoice.number} foi enviada de novo ao emissor.`),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText('Nota fiscal (NFS-e) enviada de novo ao emissor pela equipe Cotacep'),
    ).toBeTruthy();
  });

  it('gives support the list, and Retry disabled with the reason', SLOW, async () => {
    const section = within(await openCustomer(support, 'en'));
    const table = within(await section.findByRole('region', { name: 'Service invoices' }));
    const retry = table.getByRole('button', { name: `Retry the NFS-e of invoice ${invoice.number}` });
    expect(retry.hasAttribute('disabled')).toBe(true);
    const reason = screen.getByText('Support can look, not act.');
    expect(retry.getAttribute('aria-describedby')).toBe(reason.id);
  });
});

describe('notas needing attention', () => {
  it('are counted on the overview and listed across customers, by kind', SLOW, async () => {
    portal.session.setSession(support);
    const { router } = await renderScreen(portal, '/admin', 'en');
    expect(await screen.findByText('1 service invoice needs attention.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'See them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/nfse'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Service invoices needing attention' }),
    ).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Staff console' }));
    expect(nav.getByRole('link', { name: 'Service invoices' }).getAttribute('aria-current')).toBe('page');
    // The table; a phone gets the same notas as cards (hidden at this width).
    const table = within(await screen.findByRole('region', { name: 'Service invoices needing attention' }));
    const row = within(table.getByRole('link', { name: 'Rita Loja' }).closest('tr') as HTMLElement);
    const cards = within(screen.getByLabelText('Service invoices needing attention', { selector: 'ul' }));
    expect(cards.getByText('Rita Loja')).toBeTruthy();
    expect(cards.getByText('Rejected')).toBeTruthy();
    expect(row.getByText(invoice.number)).toBeTruthy();
    expect(row.getByText('Rejected')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ivo Loja' })).toBeNull();
    expect(screen.getByText('1–1 of 1')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'pending' } });
    expect(await screen.findByText('No service invoice needs attention.')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=pending');
  });
});
