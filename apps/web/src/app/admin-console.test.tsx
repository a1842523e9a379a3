import type { TokenSet } from '@cotacep/shared/auth-responses';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { createStaffMember, type StaffMember, signInStaffMember } from '#web/test/portal-staff.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// Issue 26: the staff console on the real portal, its staff made by `npm run staff:create` before it starts.
const stamp = Date.now();
const staffMembers: Record<'staff' | 'support', StaffMember> = {} as never;
const portal = setUpScreenPortal(
  {},
  {
    beforeStart: (dataDir) => {
      staffMembers.staff = createStaffMember(dataDir, `ops-${stamp}@cotacep.dev`, 'staff');
      staffMembers.support = createStaffMember(dataDir, `suporte-${stamp}@cotacep.dev`, 'support');
    },
  },
);

const SLOW = { timeout: 90_000 };
let staff: TokenSet;
let support: TokenSet;
let customer: TokenSet;
let customerEmail: string;
let organizationId: string;

beforeAll(async () => {
  customerEmail = `loja-${stamp}@example.com`;
  customer = await portal.server.createUser(customerEmail, undefined, undefined, {
    firstName: 'Lia',
    lastName: 'Loja',
  });
  organizationId = await getDefaultOrganizationId(portal.server, customer.accessToken);
  staff = await signInStaffMember(portal.server, staffMembers.staff);
  support = await signInStaffMember(portal.server, staffMembers.support);
}, 150_000);

/** The customer's page in the console, as `tokens`' staff member. */
async function openCustomer(tokens: TokenSet, language: 'pt-BR' | 'en' = 'pt-BR') {
  portal.session.setSession(tokens);
  const view = await renderScreen(portal, `/admin/customers/${organizationId}`, language);
  await screen.findByRole('heading', { level: 1, name: 'Lia Loja' });
  return view;
}

describe('the staff console', () => {
  it('is the ordinary not-found page for a customer', SLOW, async () => {
    portal.session.setSession(customer);
    await renderScreen(portal, '/admin/customers', 'pt-BR');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.queryByText('Console da equipe Cotacep')).toBeNull();
    // The tab says so too, not the console screen's title.
    await waitFor(() => expect(document.title).toBe('Página não encontrada · Cotacep'));
    // The API says the same to the customer's token.
    expect(
      (await portal.server.call('GET', '/admin/customers', undefined, customer.accessToken)).status,
    ).toBe(403);
  });

  it('finds a customer by e-mail, with its owner, plan and status', SLOW, async () => {
    portal.session.setSession(staff);
    await renderScreen(portal, `/admin/customers?q=${encodeURIComponent(customerEmail)}`, 'pt-BR');
    const row = (await screen.findByText(customerEmail)).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Lia Loja' }).getAttribute('href')).toBe(
      `/admin/customers/${organizationId}`,
    );
    expect(within(row).getByText('Free')).toBeTruthy();
    expect(within(row).getByText('Ativo')).toBeTruthy();
    expect(screen.getByText('1–1 de 1')).toBeTruthy();
  });

  it(
    'asks for the reason, then grants extra quota; the customer’s dashboard says where it came from',
    SLOW,
    async () => {
      await openCustomer(staff);
      fireEvent.click(screen.getByRole('button', { name: 'Conceder cota extra' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Conceder cota extra a Lia Loja' }));
      fireEvent.click(dialog.getByRole('button', { name: 'Conceder' }));
      expect(await dialog.findByText('Conceda entre 1 e 1.000.000.000 requisições extras')).toBeTruthy();
      expect(
        dialog.getByText(/pelo menos 10 caracteres/, { selector: '.mantine-InputWrapper-error' }),
      ).toBeTruthy();

      fireEvent.change(dialog.getByRole('textbox', { name: /^Requisições extras/ }), {
        target: { value: '10000' },
      });
      fireEvent.change(dialog.getByRole('textbox', { name: /^Motivo/ }), {
        target: { value: 'Lançamento da loja nova' },
      });
      fireEvent.click(dialog.getByRole('button', { name: 'Conceder' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText(/^\+10\.000 em .+: Lançamento da loja nova$/)).toBeTruthy();

      act(() => portal.session.logout());
      portal.session.setSession(customer);
      await act(() => portal.app.renderApp('/dashboard', 'pt-BR'));
      const period = await screen.findByRole('region', { name: 'Neste período' });
      expect(await within(period).findByText('inclui 10.000 extras concedidos pela Cotacep')).toBeTruthy();
    },
  );

  it('gives support every action disabled, with the reason', SLOW, async () => {
    await openCustomer(support, 'en');
    const reason = screen.getByText('Support can look, not act.');
    for (const name of ['Change plan', 'Grant extra quota', 'Suspend', 'View as customer']) {
      const button = screen.getByRole('button', { name });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    }
  });

  it('views as the customer under a banner, then gives the tab back to the staff member', SLOW, async () => {
    const { router } = await openCustomer(staff);
    fireEvent.click(screen.getByRole('button', { name: 'Ver como cliente' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Motivo/ }), {
      target: { value: 'Cliente pediu ajuda com o painel' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Começar a ver' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const banner = await screen.findByRole('region', { name: 'Visualização como cliente' });
    expect(banner.textContent).toContain(customerEmail);
    expect(banner.textContent).toMatch(/restam (29|30):\d\d/);
    // The staff member's own session stays stored, untouched, the whole time.
    expect(localStorage.getItem('token')).toBe(staff.accessToken);
    expect(portal.session.getAccessToken()).not.toBe(staff.accessToken);

    fireEvent.click(within(banner).getByRole('button', { name: 'Encerrar visualização' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/customers/${organizationId}`));
    expect(screen.queryByRole('region', { name: 'Visualização como cliente' })).toBeNull();
    expect(portal.session.getAccessToken()).toBe(staff.accessToken);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lia Loja' })).toBeTruthy();
  });
});
