import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addMember, getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { createAuthenticatorApp, enableTotp } from '#web/test/portal-second-factors.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server: an Owner with an authenticator app requires two-factor of the organization's
// members; a member without one is sent to enrol before any page of the protected area.
const portal = setUpScreenPortal();

const SLOW = { timeout: 90_000 };
let users = 0;
const address = (name: string) => `${name}-${Date.now()}-${users++}@example.com`;

async function organizationWithMember() {
  const owner = await portal.server.createUser(address('owner'), undefined, undefined, {
    firstName: 'Olga',
    lastName: 'Dona',
  });
  const organizationId = await getDefaultOrganizationId(portal.server, owner.accessToken);
  await enableTotp(portal.server, owner.accessToken);
  const member = await addMember(
    portal.server,
    owner.accessToken,
    organizationId,
    address('member'),
    'developer',
  );
  const requireTwoFactor = async (isRequired: boolean) => {
    const saved = await portal.server.call(
      'PATCH',
      `/organizations/${organizationId}`,
      { requireTwoFactor: isRequired },
      owner.accessToken,
    );
    expect(saved.status).toBe(200);
  };
  return { organizationId, member, requireTwoFactor };
}

describe('an organization that requires two-factor', () => {
  it(
    'sends a member without it to enrol, names the organization, then lets them on to the page they asked for',
    SLOW,
    async () => {
      const { member, requireTwoFactor } = await organizationWithMember();
      await requireTwoFactor(true);
      portal.session.setSession(member);
      const { router } = await renderScreen(portal, '/projects', 'en');

      await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
      expect(router.state.location.search).toBe('?enrol=required');
      expect(screen.queryByRole('heading', { level: 1, name: 'Projects' })).toBeNull();
      const banner = await screen.findByText(
        'Olga Dona requires two-step verification with an authenticator app or a passkey. Set one up below to continue.',
      );
      expect(banner).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Security', selected: true })).toBeTruthy();
      // The other tabs (the organization's data) stay closed until then.
      expect(screen.getByRole('tab', { name: 'Tokens' })).toHaveProperty('disabled', true);

      fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
      const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
      const app = createAuthenticatorApp(within(dialog).getByTestId('totp-setup-code').textContent ?? '');
      fireEvent.change(within(dialog).getByRole('textbox', { name: /Code from the app/ }), {
        target: { value: await app.nextCode() },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
      const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
      expect(await screen.findByText('Two-step verification is on')).toBeTruthy();
      fireEvent.click(within(codes).getByRole('button', { name: 'I have saved them' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeTruthy();
    },
  );

  it(
    'a refusal of any request (the requirement turned on meanwhile) sends the member to enrol as well',
    SLOW,
    async () => {
      const { organizationId, member, requireTwoFactor } = await organizationWithMember();
      portal.session.setSession(member);
      const { setCurrentOrganizationId } = await import('#web/lib/session/organization-store.ts');
      setCurrentOrganizationId(organizationId);
      const { router } = await renderScreen(portal, '/dashboard', 'pt-BR');
      expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeTruthy();

      // The Owner turns it on while the member's account (read at sign-in) still says nothing is missing.
      await requireTwoFactor(true);
      await act(() => router.navigate('/projects'));

      await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
      expect(router.state.location.state).toEqual({ from: '/projects' });
      expect(
        await screen.findByText(
          'Olga Dona exige verificação em duas etapas com um aplicativo autenticador ou uma passkey. Configure um abaixo para continuar.',
        ),
      ).toBeTruthy();
    },
  );
});
