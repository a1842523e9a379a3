import type { MemberList, OrganizationList } from '@cotacep/shared/organization-schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addMember, getDefaultOrganizationId, invite } from '#web/test/portal-organizations.ts';
import { enableTotp } from '#web/test/portal-second-factors.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server; each test signs up its own owner (Free: 2 seats, pending invitations count).
const portal = setUpScreenPortal();

const SLOW = { timeout: 60_000 };
let users = 0;
const address = (name: string) => `${name}-${Date.now()}-${users++}@example.com`;
const OWNER = { firstName: 'Olga', lastName: 'Dona' };

async function signUpOwner() {
  const tokens = await portal.server.createUser(address('owner'), undefined, undefined, OWNER);
  const organizationId = await getDefaultOrganizationId(portal.server, tokens.accessToken);
  return { tokens, organizationId };
}

async function openMembers(tokens: { accessToken: string }, language: 'pt-BR' | 'en') {
  portal.session.setSession(tokens as never);
  await renderScreen(portal, '/account/settings?tab=members', language);
  return screen.findByRole('region', { name: language === 'en' ? 'Members' : 'Membros' });
}

const listMembers = async (token: string, organizationId: string) =>
  (await portal.server.call<MemberList>('GET', `/organizations/${organizationId}/members`, undefined, token))
    .body.items;

const rowOf = (section: HTMLElement, text: string) =>
  within(section)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(text)) as HTMLElement;

describe('Members tab', () => {
  it('lists the members with role and last sign-in, changes a role and removes a member', SLOW, async () => {
    const { tokens, organizationId } = await signUpOwner();
    const viewerEmail = address('viewer');
    await addMember(portal.server, tokens.accessToken, organizationId, viewerEmail, 'viewer', {
      firstName: 'Vera',
      lastName: 'Leitora',
    });
    const members = await openMembers(tokens, 'pt-BR');

    const vera = await waitFor(() => rowOf(members, 'Vera Leitora'));
    expect(vera.textContent).toContain(viewerEmail);
    expect(vera.textContent).toMatch(/Último acesso: há \d+ (segundos?|minutos?)|Último acesso: agora/);
    const olga = rowOf(members, 'Olga Dona');
    expect(within(olga).getByText('Você')).toBeTruthy();
    expect(
      (within(olga).getByRole('combobox', { name: 'Papel de Olga Dona' }) as HTMLSelectElement).value,
    ).toBe('owner');
    // An Owner may give any role, in the role names of the interface's language.
    const veraRole = within(vera).getByRole('combobox', {
      name: 'Papel de Vera Leitora',
    }) as HTMLSelectElement;
    expect(veraRole.value).toBe('viewer');
    expect([...veraRole.options].map((option) => option.text)).toEqual([
      'Proprietário',
      'Administrador',
      'Desenvolvedor',
      'Financeiro',
      'Leitor',
    ]);
    expect(screen.getByText(/2 de 2 assentos em uso/)).toBeTruthy();

    fireEvent.change(veraRole, { target: { value: 'developer' } });
    await waitFor(async () => {
      const saved = await listMembers(tokens.accessToken, organizationId);
      expect(saved.find((member) => member.email === viewerEmail)?.role).toBe('developer');
    });

    fireEvent.click(within(vera).getByRole('button', { name: 'Remover Vera Leitora' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remover Vera Leitora?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(within(members).queryByText('Vera Leitora')).toBeNull());
    expect(
      (await listMembers(tokens.accessToken, organizationId)).map((member) => member.email),
    ).not.toContain(viewerEmail);
  });

  it(
    'invites: the invitation appears pending, and the seat beyond Free refuses with a link to the plans',
    SLOW,
    async () => {
      const { tokens } = await signUpOwner();
      await openMembers(tokens, 'pt-BR');
      // Looked up each time: an element found once may be replaced by a later render.
      const invitations = () => within(screen.getByRole('region', { name: 'Convites' }));
      const form = () => within(invitations().getByRole('form', { name: 'Convidar membro' }));
      // The list has loaded (an Owner may read it), so the form is ready.
      await screen.findByText('Nenhum convite pendente.');
      const invited = address('dev');

      fireEvent.change(form().getByRole('textbox', { name: /E-mail/ }), { target: { value: invited } });
      expect((form().getByRole('combobox', { name: 'Papel' }) as HTMLSelectElement).value).toBe('developer');
      fireEvent.click(form().getByRole('button', { name: 'Convidar' }));
      expect(await screen.findByText(`Convite enviado para ${invited}.`)).toBeTruthy();
      await waitFor(() => expect(invitations().getByText(invited)).toBeTruthy());
      expect(invitations().getByText(/Desenvolvedor · convidado por Olga Dona · expira em/)).toBeTruthy();
      expect(await screen.findByText(/2 de 2 assentos em uso/)).toBeTruthy();

      // Free has two seats: the owner and the pending invitation hold them.
      fireEvent.change(form().getByRole('textbox', { name: /E-mail/ }), {
        target: { value: address('third') },
      });
      fireEvent.click(form().getByRole('button', { name: 'Convidar' }));
      const refusal = await invitations().findByRole('alert');
      expect(refusal.textContent).toContain('Seu plano não tem assento livre');
      expect(within(refusal).getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/pricing');
    },
  );

  it('revokes a pending invitation, which frees its seat', SLOW, async () => {
    const { tokens, organizationId } = await signUpOwner();
    const invited = address('revoked');
    await invite(portal.server, tokens.accessToken, organizationId, invited, 'viewer');
    await openMembers(tokens, 'en');
    const invitations = await screen.findByRole('region', { name: 'Invitations' });
    fireEvent.click(
      await within(invitations).findByRole('button', { name: `Revoke the invitation of ${invited}` }),
    );
    expect(await within(invitations).findByText('No pending invitations.')).toBeTruthy();
    expect(await screen.findByText(/1 of 2 seats in use/)).toBeTruthy();
  });

  it('tells the last Owner who tries to leave to make someone else Owner first', SLOW, async () => {
    const { tokens } = await signUpOwner();
    const members = await openMembers(tokens, 'en');
    const me = await waitFor(() => rowOf(members, 'Olga Dona'));
    fireEvent.click(within(me).getByRole('button', { name: 'Leave organization' }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Leave / }));
    fireEvent.click(dialog.getByRole('button', { name: 'Leave organization' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(
      'An organization keeps at least one Owner. Make another member an Owner first.',
    );
  });

  it('shows a Viewer the organization with every change disabled, and why', SLOW, async () => {
    const { tokens, organizationId } = await signUpOwner();
    const viewer = await addMember(
      portal.server,
      tokens.accessToken,
      organizationId,
      address('viewer'),
      'viewer',
    );
    portal.session.setSession(viewer);
    const { setCurrentOrganizationId } = await import('#web/lib/session/organization-store.ts');
    setCurrentOrganizationId(organizationId);
    await renderScreen(portal, '/account/settings?tab=members', 'en');

    const name = (await screen.findByRole('textbox', { name: /Organization name/ })) as HTMLInputElement;
    expect(name.value).toBe('Olga Dona');
    await waitFor(() => expect(name.disabled).toBe(true));
    expect(screen.getByText('Your role (Viewer) cannot rename the organization.')).toBeTruthy();
    const inviteButton = screen.getByRole('button', { name: 'Invite' }) as HTMLButtonElement;
    expect(inviteButton.disabled).toBe(true);
    const reasonId = inviteButton.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toBe(
      'Your role (Viewer) cannot invite members, change roles or remove members.',
    );
    expect((screen.getByRole('button', { name: 'Delete organization' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      screen.getByText('Your role (Viewer) cannot delete the organization: only an Owner can.'),
    ).toBeTruthy();
  });

  it(
    'an Owner requires two-step verification once they have it themself, and each member shows whether they have it',
    SLOW,
    async () => {
      const { tokens, organizationId } = await signUpOwner();
      await addMember(portal.server, tokens.accessToken, organizationId, address('viewer'), 'viewer', {
        firstName: 'Vera',
        lastName: 'Leitora',
      });
      const members = await openMembers(tokens, 'en');
      const policy = await screen.findByRole('region', { name: 'Two-step verification' });
      const toggle = within(policy).getByRole('switch', { name: 'Require two-step verification' });
      expect(toggle).toHaveProperty('checked', false);
      expect(await within(policy).findByText('0 of 2 members have it.')).toBeTruthy();

      // The Owner has neither an authenticator app nor a passkey: the server's refusal, in words.
      fireEvent.click(toggle);
      const refusal = await within(policy).findByRole('alert');
      expect(refusal.textContent).toContain('Failed to change the requirement');
      expect(refusal.textContent).toContain(
        'Set up an authenticator app or a passkey for yourself before requiring two-step verification of the members.',
      );
      await waitFor(() => expect(toggle).toHaveProperty('checked', false));
      const olga = await waitFor(() => rowOf(members, 'Olga Dona'));
      expect(within(olga).getByText('No two-step')).toBeTruthy();

      await enableTotp(portal.server, tokens.accessToken);
      cleanup();
      const again = await openMembers(tokens, 'en');
      const section = await screen.findByRole('region', { name: 'Two-step verification' });
      expect(await within(section).findByText('1 of 2 members has it.')).toBeTruthy();
      fireEvent.click(within(section).getByRole('switch', { name: 'Require two-step verification' }));
      expect(await screen.findByText('Olga Dona now requires two-step verification.')).toBeTruthy();
      const list = await portal.server.call<OrganizationList>(
        'GET',
        '/organizations',
        undefined,
        tokens.accessToken,
      );
      expect(list.body.items.find((item) => item.id === organizationId)?.requireTwoFactor).toBe(true);

      const owner = await waitFor(() => rowOf(again, 'Olga Dona'));
      const vera = rowOf(again, 'Vera Leitora');
      const badgeOf = (row: HTMLElement, text: string) =>
        within(row).getByText(text).closest('.mantine-Badge-root') as HTMLElement;
      expect(badgeOf(owner, 'Two-step on').getAttribute('title')).toBe(
        'Has an authenticator app or a passkey.',
      );
      // Required and missing: the badge turns red, and still says it in words.
      expect(badgeOf(vera, 'No two-step').getAttribute('style')).toContain('--mantine-color-red');
      expect(badgeOf(owner, 'Two-step on').getAttribute('style')).toContain('--mantine-color-teal');
    },
  );

  it('shows a Viewer the requirement without letting them change it, and why', SLOW, async () => {
    const { tokens, organizationId } = await signUpOwner();
    const viewer = await addMember(
      portal.server,
      tokens.accessToken,
      organizationId,
      address('viewer'),
      'viewer',
    );
    portal.session.setSession(viewer);
    const { setCurrentOrganizationId } = await import('#web/lib/session/organization-store.ts');
    setCurrentOrganizationId(organizationId);
    await renderScreen(portal, '/account/settings?tab=members', 'pt-BR');

    const policy = await screen.findByRole('region', { name: 'Verificação em duas etapas' });
    const toggle = within(policy).getByRole('switch', { name: 'Exigir verificação em duas etapas' });
    await waitFor(() => expect(toggle).toHaveProperty('disabled', true));
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Seu papel (Leitor) não permite mudar isto: só um Proprietário pode.',
    );
  });
});
