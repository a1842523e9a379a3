import type { MemberList } from '@cotacep/shared/organization-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDefaultOrganizationId, invite, readInvitationToken } from '#web/test/portal-organizations.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// `/invitations/accept#token=…` against the real portal server (issue 24).
const portal = setUpScreenPortal();

const SLOW = { timeout: 60_000 };
let users = 0;
const address = (name: string) => `${name}-${Date.now()}-${users++}@example.com`;

/** An owner ("Olga Dona", her organization named after her) who invited `email` as a Developer. */
async function invitationFor(email: string) {
  const owner = await portal.server.createUser(address('owner'), undefined, undefined, {
    firstName: 'Olga',
    lastName: 'Dona',
  });
  const organizationId = await getDefaultOrganizationId(portal.server, owner.accessToken);
  await invite(portal.server, owner.accessToken, organizationId, email, 'developer');
  return { owner, organizationId, token: await readInvitationToken(portal.server, email) };
}

describe('the invitation page', () => {
  it('lets the invited address join, then works in the organization', SLOW, async () => {
    const email = address('invited');
    const { owner, organizationId, token } = await invitationFor(email);
    portal.session.setSession(await portal.server.createUser(email));
    const { router } = await renderScreen(portal, `/invitations/accept#token=${token}`, 'pt-BR');

    expect(await screen.findByText('Olga Dona convidou você para Olga Dona no Cotacep.')).toBeTruthy();
    expect(screen.getByText('Desenvolvedor')).toBeTruthy();
    expect(screen.getByText(email)).toBeTruthy();
    // The secret leaves the address bar once read.
    await waitFor(() => expect(router.state.location.hash).toBe(''));

    fireEvent.click(screen.getByRole('button', { name: 'Entrar em Olga Dona' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStorage.getItem('organization')).toBe(organizationId);
    const { body } = await portal.server.call<MemberList>(
      'GET',
      `/organizations/${organizationId}/members`,
      undefined,
      owner.accessToken,
    );
    expect(body.items.find((member) => member.email === email)?.role).toBe('developer');
  });

  it(
    'tells someone signed in with another address, and signs them out to use the right one',
    SLOW,
    async () => {
      const email = address('invited');
      const { token } = await invitationFor(email);
      const other = address('other');
      portal.session.setSession(await portal.server.createUser(other));
      await renderScreen(portal, `/invitations/accept#token=${token}`, 'en');

      expect((await screen.findByRole('alert')).textContent).toBe(
        `This invitation was sent to ${email}, but you are signed in as ${other}. Sign out and sign in (or sign up) with the invited address.`,
      );
      expect(screen.queryByRole('button', { name: /^Join / })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Sign out of this account' }));

      const main = within(screen.getByRole('main'));
      const signIn = await main.findByRole('link', { name: 'Log In' });
      expect(signIn.getAttribute('href')).toBe('/auth/login?redirect=%2Finvitations%2Faccept');
      const signUp = main.getByRole('link', { name: 'Create account' });
      expect(signUp.getAttribute('href')).toBe(
        `/auth/signup?${new URLSearchParams({ email, redirect: '/invitations/accept' })}`,
      );
      expect(portal.session.isAuthenticated()).toBe(false);
    },
  );

  it(
    'signed out: sign-up comes back to the invitation with the invited address filled in',
    SLOW,
    async () => {
      const email = address('invited');
      const { token } = await invitationFor(email);
      const { router } = await renderScreen(portal, `/invitations/accept#token=${token}`, 'pt-BR');

      expect(await screen.findByText(`Entre ou crie uma conta com ${email} para aceitar.`)).toBeTruthy();
      fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Criar conta' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup'));
      expect(((await screen.findByRole('textbox', { name: /E-mail/ })) as HTMLInputElement).value).toBe(
        email,
      );
      expect(screen.getByText(/Depois de confirmar seu e-mail, você volta ao convite/)).toBeTruthy();
      // The way back carries no token: it waits in this tab's storage.
      expect(router.state.location.search).not.toContain(token);
      expect(sessionStorage.getItem('invitation')).toBe(token);
    },
  );

  it('says a used, revoked or expired link is no longer valid, with a way on', SLOW, async () => {
    await renderScreen(portal, '/invitations/accept#token=not-a-real-token', 'pt-BR');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Este link de convite expirou, foi revogado ou já foi usado. Peça um novo convite.',
    );
    expect(screen.getByRole('link', { name: 'Ir para a página inicial' }).getAttribute('href')).toBe('/');
    expect(sessionStorage.getItem('invitation')).toBeNull();
  });
});
