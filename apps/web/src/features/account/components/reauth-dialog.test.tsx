import type { Account } from '@cotacep/shared/account-schemas';
import type { MemberList } from '@cotacep/shared/organization-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addMember, getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { type AuthenticatorApp, enableTotp } from '#web/test/portal-second-factors.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server with a 2-second re-authentication window (10 minutes in production), so a login
// can grow old within the test: sensitive changes are then refused until the person confirms it is them.
const WINDOW_SECONDS = 2;
const portal = setUpScreenPortal({ REAUTH_WINDOW_SECONDS: String(WINDOW_SECONDS) });

const SLOW = { timeout: 40_000 };
const PASSWORD = 'a long enough password';
let counter = 0;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

/** A user signed in whose login is already older than the window: what a thief's stolen token looks like. */
async function signInLongAgo(label: string, setUp?: (accessToken: string) => Promise<unknown>) {
  const email = `${label}-${Date.now()}-${++counter}@example.com`;
  const tokens = await portal.server.createUser(email, PASSWORD);
  await setUp?.(tokens.accessToken);
  portal.session.setSession(tokens);
  await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 200));
  const readAccount = async () =>
    (await portal.server.call<Account>('GET', '/account', undefined, tokens.accessToken)).body;
  return { email, readAccount };
}

describe('confirm it is you', () => {
  it(
    'turning MFA off after an old login asks for the password, refuses a wrong one, then saves',
    SLOW,
    async () => {
      const { readAccount } = await signInLongAgo('mfa-off', (token) =>
        portal.server.call('PUT', '/account/mfa', { enabled: true, method: 'email' }, token),
      );
      await renderScreen(portal, '/account/settings?tab=security', 'en');

      const toggle = await screen.findByRole('switch', { name: 'Turn on two-step verification' });
      await waitFor(() => expect(toggle).toHaveProperty('checked', true));
      fireEvent.click(toggle);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));

      const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
      expect(
        within(dialog).getByText('For your security, enter your password again to make this change.'),
      ).toBeTruthy();
      // MFA is on, so a code is offered too.
      expect(within(dialog).getByRole('button', { name: 'Use a code instead' })).toBeTruthy();
      const password = within(dialog).getByLabelText(/^Password/);
      type(password, 'not my password');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() =>
        expect(password.closest('.mantine-InputWrapper-root')?.textContent).toContain(
          'The password or code is incorrect or has expired.',
        ),
      );
      expect((await readAccount()).mfa.enabled).toBe(true);

      type(password, PASSWORD);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      // The change refused before is sent again by itself.
      expect(await screen.findByText('Saved successfully')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((await readAccount()).mfa).toEqual({ enabled: false, method: 'email' });
    },
  );

  it('opens above the e-mail dialog, and the code goes to the new address once confirmed', SLOW, async () => {
    const { email, readAccount } = await signInLongAgo('email-change');
    await renderScreen(portal, '/account/settings', 'pt-BR');

    fireEvent.click(await screen.findByRole('button', { name: 'Alterar e-mail' }));
    const emailDialog = await screen.findByRole('dialog', { name: 'Alterar e-mail' });
    const next = `moved-${Date.now()}-${++counter}@example.com`;
    type(within(emailDialog).getByRole('textbox', { name: /Novo e-mail/ }), next);
    fireEvent.click(within(emailDialog).getByRole('button', { name: 'Enviar código' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirme que é você' });
    expect((await readAccount()).pendingEmail).toBeNull();
    type(within(confirm).getByLabelText(/^Senha/), PASSWORD);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme que é você' })).toBeNull());
    const prompt = await within(emailDialog).findByRole('status');
    expect(prompt.textContent).toContain('Por favor, verifique seu e-mail');
    expect(await readAccount()).toMatchObject({ email, pendingEmail: next });
  });

  it('cancelled, it leaves the refusal on the form and changes nothing', SLOW, async () => {
    const { readAccount } = await signInLongAgo('cancel');
    await renderScreen(portal, '/account/settings?tab=security', 'en');

    type(await screen.findByLabelText(/^Current Password/), PASSWORD);
    type(screen.getByLabelText(/^New Password/), 'another pass phrase');
    type(screen.getByLabelText(/^Confirm Password/), 'another pass phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    // Without a second factor, the password is the only way offered.
    expect(within(dialog).queryByRole('button', { name: 'Use a code instead' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(
      await screen.findByText(
        'For your security, confirm it is you: enter your password or a verification code again to make this change.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The old password still opens the account.
    const login = await portal.server.call('POST', '/auth/login', {
      email: (await readAccount()).email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it(
    'with an authenticator app, its current code confirms it is you and the change goes through',
    SLOW,
    async () => {
      let app: AuthenticatorApp | undefined;
      await signInLongAgo('reauth-totp', async (token) => {
        // The login may already be older than the window: confirmed again, then the app is set up at once.
        await portal.server.call('POST', '/account/reauthenticate', { password: PASSWORD }, token);
        app = (await enableTotp(portal.server, token)).app;
      });
      await renderScreen(portal, '/account/settings?tab=security', 'en');

      const codes = await screen.findByRole('region', { name: 'Recovery codes' });
      fireEvent.click(await within(codes).findByRole('button', { name: 'Generate new codes' }));
      const confirm = await screen.findByRole('dialog', { name: 'Generate new recovery codes?' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Generate new codes' }));

      const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Use my authenticator app' }));
      expect(
        within(dialog).getByText(
          'For your security, enter a current code from your authenticator app to make this change.',
        ),
      ).toBeTruthy();
      const field = within(dialog).getByRole('textbox', { name: /Code from the app/ });
      const current = (await app?.nextCode()) ?? '';
      type(field, current === '000000' ? '111111' : '000000');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() =>
        expect(field.closest('.mantine-InputWrapper-root')?.textContent).toContain(
          'The password or code is incorrect or has expired.',
        ),
      );

      type(field, current);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      // The refused change is sent again by itself: the new codes are shown.
      expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toBeTruthy();
    },
  );

  it(
    "changing a member's role after an old login asks for the password, then the new role is saved",
    SLOW,
    async () => {
      let organizationId = '';
      let ownerToken = '';
      const memberEmail = `member-${Date.now()}-${++counter}@example.com`;
      await signInLongAgo('org-owner', async (token) => {
        ownerToken = token;
        organizationId = await getDefaultOrganizationId(portal.server, token);
        await addMember(portal.server, token, organizationId, memberEmail, 'viewer', {
          firstName: 'Vera',
          lastName: 'Leitora',
        });
      });
      const roleOfMember = async () => {
        const { body } = await portal.server.call<MemberList>(
          'GET',
          `/organizations/${organizationId}/members`,
          undefined,
          ownerToken,
        );
        return body.items.find((member) => member.email === memberEmail)?.role;
      };
      await renderScreen(portal, '/account/settings?tab=members', 'en');

      const role = await screen.findByRole('combobox', { name: 'Role of Vera Leitora' });
      fireEvent.change(role, { target: { value: 'developer' } });
      const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
      expect(await roleOfMember()).toBe('viewer');

      type(within(dialog).getByLabelText(/^Password/), PASSWORD);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      // The refused change is sent again by itself.
      await waitFor(async () => expect(await roleOfMember()).toBe('developer'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  );
});
