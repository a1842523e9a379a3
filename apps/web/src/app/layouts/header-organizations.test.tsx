import type { OrganizationList } from '@cotacep/shared/organization-schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createKey } from '#web/test/portal-keys.ts';
import { addMember, getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// Issue 24: the account menu switches the organization this tab works in, and creates new ones.
const portal = setUpScreenPortal();

const SLOW = { timeout: 60_000 };
let users = 0;
const address = (name: string) => `${name}-${Date.now()}-${users++}@example.com`;

const openAccountMenu = async (name: string) => {
  fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name }));
  return within(await screen.findByRole('menu'));
};

describe('the organization switcher', () => {
  it(
    'switches: the dashboard opens and what the next screen reads is the other organization’s',
    SLOW,
    async () => {
      const owner = await portal.server.createUser(address('bruno'), undefined, undefined, {
        firstName: 'Bruno',
        lastName: 'Loja',
      });
      const shopId = await getDefaultOrganizationId(portal.server, owner.accessToken);
      await createKey(portal.server, owner.accessToken, { description: 'Chave da loja do Bruno' });
      const member = await addMember(portal.server, owner.accessToken, shopId, address('ana'), 'developer', {
        firstName: 'Ana',
        lastName: 'Dev',
      });
      portal.session.setSession(member);
      const { router } = await renderScreen(portal, '/account/settings?tab=tokens', 'en');
      // Her own organization first (the default): no tokens there.
      expect(await screen.findByText('No tokens yet')).toBeTruthy();

      const menu = await openAccountMenu('Ana');
      expect(await menu.findByText('Switch organization')).toBeTruthy();
      const current = menu.getByRole('menuitem', { name: 'Ana Dev' });
      expect(current.getAttribute('aria-current')).toBe('true');
      fireEvent.click(menu.getByRole('menuitem', { name: 'Bruno Loja' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(sessionStorage.getItem('organization')).toBe(shopId);
      expect(localStorage.getItem('organization')).toBe(shopId);
      await act(() => router.navigate('/account/settings?tab=tokens'));
      expect(await screen.findByText('Chave da loja do Bruno')).toBeTruthy();
      expect(screen.queryByText('No tokens yet')).toBeNull();
    },
  );

  it('creates a new organization from the menu and works in it at once', SLOW, async () => {
    const user = await portal.server.createUser(address('carla'), undefined, undefined, {
      firstName: 'Carla',
      lastName: 'Nova',
    });
    portal.session.setSession(user);
    const { router } = await renderScreen(portal, '/account/settings?tab=members', 'pt-BR');
    expect(await screen.findByDisplayValue('Carla Nova')).toBeTruthy();

    const menu = await openAccountMenu('Carla');
    fireEvent.click(await menu.findByRole('menuitem', { name: 'Nova organização' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nova organização' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Nome da organização/ }), {
      target: { value: 'Equipe Financeira' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Criar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const { body } = await portal.server.call<OrganizationList>(
      'GET',
      '/organizations',
      undefined,
      user.accessToken,
    );
    const created = body.items.find((item) => item.name === 'Equipe Financeira');
    expect(created).toMatchObject({ plan: 'free', role: 'owner', isDefault: false });
    expect(sessionStorage.getItem('organization')).toBe(created?.id);
    await act(() => router.navigate('/account/settings?tab=members'));
    expect(await screen.findByDisplayValue('Equipe Financeira')).toBeTruthy();
  });
});
