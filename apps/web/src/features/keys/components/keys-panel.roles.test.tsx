import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCurrentOrganizationId } from '#web/lib/session/organization-store.ts';
import { createKey } from '#web/test/portal-keys.ts';
import { addMember, getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// Issue 24: a Viewer of an organization reads its tokens (never a secret) and changes none of them.
const portal = setUpScreenPortal();

const SLOW = { timeout: 60_000 };
let users = 0;
const address = (name: string) => `${name}-${Date.now()}-${users++}@example.com`;

/** An owner with one key, and a Viewer of the owner's organization working in it, on the Tokens tab. */
async function openTokensAsViewer(language: 'pt-BR' | 'en') {
  const owner = await portal.server.createUser(address('owner'));
  const organizationId = await getDefaultOrganizationId(portal.server, owner.accessToken);
  const key = await createKey(portal.server, owner.accessToken, { description: 'Servidor da loja' });
  const viewer = await addMember(
    portal.server,
    owner.accessToken,
    organizationId,
    address('viewer'),
    'viewer',
  );
  portal.session.setSession(viewer);
  setCurrentOrganizationId(organizationId);
  await renderScreen(portal, '/account/settings?tab=tokens', language);
  return { key, viewer };
}

describe('Tokens tab for a Viewer', () => {
  it('lists the organization’s tokens with every change disabled, saying why', SLOW, async () => {
    const { key } = await openTokensAsViewer('pt-BR');
    expect(await screen.findByText('Servidor da loja')).toBeTruthy();
    expect(screen.getByText(`${key.key.prefix}…`)).toBeTruthy();
    expect(screen.queryByText(key.secret)).toBeNull();

    const create = screen.getByRole('button', { name: 'Criar token' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(true));
    const reason = 'Seu papel (Leitor) não permite criar, alterar nem excluir tokens e projetos.';
    expect(document.getElementById(create.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason);
    expect(
      (screen.getByRole('switch', { name: 'Servidor da loja ativado' }) as HTMLInputElement).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Ações de Servidor da loja' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText(reason)).toBeTruthy();
    // Edit, rotate and delete, each disabled (the dropdown may still be fading in, hence `hidden`).
    const items = menu.getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.hasAttribute('disabled'))).toEqual([true, true, true]);
  });

  it('is refused by the server too, should a request get through', SLOW, async () => {
    const { viewer } = await openTokensAsViewer('en');
    expect(
      await screen.findByText('Your role (Viewer) cannot create, change or delete tokens and projects.'),
    ).toBeTruthy();
    const organizationId = sessionStorage.getItem('organization') ?? '';
    const refused = await portal.server.call<{ code: string }>(
      'POST',
      '/keys',
      { description: 'x', kind: 'private', allowedOrigins: '0.0.0.0/0', enabled: true },
      viewer.accessToken,
      { 'x-organization': organizationId },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PermissionDenied');
  });
});
