import type { AdminCustomerNfseList } from '@cotacep/shared/admin-nfse-schemas';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { Invoice } from '@cotacep/shared/billing-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '#web/test/billing-fixtures.ts';
import { getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { createStaffMember, type StaffMember, signInStaffMember } from '#web/test/portal-staff.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// Issue 27 with the real issuer (Focus NFe) down: nothing listens on its port, so a nota stays pending, and
// the cancellation of a refunded invoice's nota stays cancelling, retried with backoff, as the customer sees it.
// A member of staff reads the nota's failed attempts on the console's API, which the customer's does not show.
let staffMember: StaffMember;
let staff: TokenSet;
const portal = setUpScreenPortal(
  {
    NFSE_ISSUER: 'focus',
    NFSE_BASE_URL: 'http://127.0.0.1:9',
    NFSE_API_TOKEN: 'token-of-an-issuer-that-is-down',
  },
  {
    beforeStart: (dataDir) => {
      staffMember = createStaffMember(dataDir, `nfse-ops-${Date.now()}@cotacep.dev`, 'support');
    },
  },
);

beforeAll(async () => {
  staff = await signInStaffMember(portal.server, staffMember);
}, 60_000);

const SLOW = { timeout: 60_000 };

/** The invoice once the worker has tried its nota and failed (an attempt counted on the server). */
async function waitForFailedAttempt(token: string): Promise<Invoice> {
  const [invoice] = (
    await portal.server.call<{ items: Invoice[] }>('GET', '/billing/invoices', undefined, token)
  ).body.items;
  expect(invoice?.nfse).toMatchObject({ status: 'pending', number: null, pdfUrl: null, xmlUrl: null });
  // Tried and failed: a refund then asks the issuer to cancel what it may have received (tested below).
  const organizationId = await getDefaultOrganizationId(portal.server, token);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { items } = (
      await portal.server.call<AdminCustomerNfseList>(
        'GET',
        `/admin/customers/${organizationId}/nfse`,
        undefined,
        staff.accessToken,
      )
    ).body;
    if ((items[0]?.attempts ?? 0) > 0) {
      expect(items[0]?.lastError).toBeTruthy();
      return invoice as Invoice;
    }
    if (Date.now() > deadline) throw new Error('the worker never tried the nota');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a nota whose issuer is down', () => {
  it(
    'is "being issued" with no number and no files, and the page says it usually takes minutes',
    SLOW,
    async () => {
      const tokens = await portal.server.createUser(`nfse-down-${Date.now()}@example.com`);
      portal.session.setSession(tokens);
      await subscribe(portal.server, tokens.accessToken, 'basic', 'monthly');
      const invoice = await waitForFailedAttempt(tokens.accessToken);

      await portal.app.renderApp('/account/settings?tab=billing', 'pt-BR');
      const row = within(
        (await screen.findByRole('link', { name: `Ver a fatura ${invoice.number}` })).closest(
          'tr',
        ) as HTMLElement,
      );
      // Its own column from a tablet up, and under the invoice's status on a phone (hidden at this width).
      expect(row.getAllByText('Em emissão')).toHaveLength(2);
      expect(row.queryByText(/^Nº/)).toBeNull();
      expect(row.queryByRole('button')).toBeNull();

      fireEvent.click(row.getByRole('link', { name: `Ver a fatura ${invoice.number}` }));
      const section = within(await screen.findByRole('region', { name: 'Nota fiscal (NFS-e)' }));
      expect(section.getByText('Em emissão')).toBeTruthy();
      expect(
        section.getByText(
          'Sua nota fiscal está sendo emitida; isso costuma levar poucos minutos. Esta página se atualiza sozinha.',
        ),
      ).toBeTruthy();
      expect(section.queryByRole('button')).toBeNull();

      // Refunded meanwhile: the issuer may have the nota, so it is cancelling until the issuer answers.
      fireEvent.click(screen.getByRole('button', { name: 'Simular estorno (o banco)' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Estornar' }));
      expect(await section.findByText('Em cancelamento')).toBeTruthy();
      expect(
        section.getByText(
          'Esta fatura foi anulada ou estornada, por isso a nota fiscal está sendo cancelada.',
        ),
      ).toBeTruthy();
      await waitFor(() => expect(screen.getByText('Anulada')).toBeTruthy());
    },
  );

  it('reads "being cancelled" in English too', SLOW, async () => {
    const tokens = await portal.server.createUser(`nfse-down-en-${Date.now()}@example.com`);
    portal.session.setSession(tokens);
    await subscribe(portal.server, tokens.accessToken, 'basic', 'monthly');
    const invoice = await waitForFailedAttempt(tokens.accessToken);
    const refunded = await portal.server.call<Invoice>(
      'POST',
      `/billing/test/invoices/${invoice.id}/refund`,
      undefined,
      tokens.accessToken,
    );
    expect(refunded.body.nfse?.status).toBe('cancelling');

    await portal.app.renderApp('/account/settings?tab=billing', 'en');
    const row = (await screen.findByRole('link', { name: `View invoice ${invoice.number}` })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getAllByText('Being cancelled')).toHaveLength(2);
    expect(within(row).getByText('Void')).toBeTruthy();
  });
});
