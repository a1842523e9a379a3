import type { ActivityPage } from '@cotacep/shared/audit-schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createKey } from '#web/test/portal-keys.ts';
import { addMember, getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server (decision 024): every entry below was written by a real change made through the API.
const portal = setUpScreenPortal();

const SLOW = { timeout: 90_000 };
let users = 0;
const address = (name: string) => `${name}-${Date.now()}-${users++}@example.com`;
const OWNER = { firstName: 'Olga', lastName: 'Dona' };

async function signUpOwner() {
  const tokens = await portal.server.createUser(address('owner'), undefined, undefined, OWNER);
  const organizationId = await getDefaultOrganizationId(portal.server, tokens.accessToken);
  return { tokens, organizationId };
}

async function openActivity(tokens: { accessToken: string }, language: 'pt-BR' | 'en') {
  portal.session.setSession(tokens as never);
  await renderScreen(portal, '/account/settings?tab=activity', language);
  return screen.findByRole('region', { name: language === 'en' ? 'Activity' : 'Atividade' });
}

/** The table's body rows (the header row has no cells). */
const entryRows = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('row')
    .filter((row): row is HTMLTableRowElement => within(row).queryAllByRole('cell').length > 0);

const rowWith = (region: HTMLElement, text: string) =>
  entryRows(region).find((row) => row.textContent?.includes(text));

/** Every entry the API gives the owner, newest first, paging with the cursor as another client would. */
async function readAllActivity(token: string, organizationId: string) {
  const all: ActivityPage['entries'] = [];
  let cursor: string | null = null;
  do {
    const query: string = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) }).toString();
    const { body } = await portal.server.call<ActivityPage>(
      'GET',
      `/organizations/${organizationId}/activity?${query}`,
      undefined,
      token,
    );
    all.push(...body.entries);
    cursor = body.nextCursor;
  } while (cursor);
  return all;
}

const select = (region: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(region).getByRole('combobox', { name }), { target: { value } });

describe('Account Settings → Activity', () => {
  it(
    'shows the tokens made through the API with who, target and origin, and filters on the server',
    SLOW,
    async () => {
      const { tokens } = await signUpOwner();
      await createKey(portal.server, tokens.accessToken, { description: 'Site da loja' });
      await createKey(portal.server, tokens.accessToken, { description: 'Servidor interno' });
      const region = await openActivity(tokens, 'pt-BR');

      const shop = await waitFor(() => {
        const row = rowWith(region, 'Site da loja');
        if (!row) throw new Error('no row for the first token yet');
        return row;
      });
      expect(shop.textContent).toContain('Token criado');
      expect(shop.textContent).toContain('Olga Dona');
      expect(shop.textContent).toContain('127.0.0.1');
      expect(rowWith(region, 'Servidor interno')?.textContent).toContain('Token criado');
      expect(rowWith(region, 'Organização criada')).toBeTruthy();
      expect(within(region).getByText(/^Horários em /)).toBeTruthy();

      // The event filter is the server's: only the organization's creation comes back.
      select(region, 'Evento', 'organization.created');
      await waitFor(() =>
        expect(entryRows(region).map((row) => row.cells[1]?.textContent)).toEqual(['Organização criada']),
      );

      // Nothing was done by the system here.
      select(region, 'Evento', 'all');
      select(region, 'Quem', 'system');
      expect(await within(region).findByText('Nenhum evento corresponde a estes filtros.')).toBeTruthy();
      fireEvent.click(within(region).getByRole('button', { name: 'Limpar filtros' }));
      expect(await waitFor(() => rowWith(region, 'Site da loja'))).toBeTruthy();

      // A reversed period asks nothing and says why; the last 24 hours hold everything.
      select(region, 'Período', 'custom');
      fireEvent.change(within(region).getByLabelText('De'), { target: { value: '2026-12-10' } });
      fireEvent.change(within(region).getByLabelText('Até'), { target: { value: '2026-12-01' } });
      expect(
        await within(region).findByText('A data final precisa ser igual ou posterior à inicial.'),
      ).toBeTruthy();
      expect(entryRows(region)).toHaveLength(0);
      select(region, 'Período', 'day');
      await waitFor(() => expect(rowWith(region, 'Servidor interno')).toBeTruthy());
    },
  );

  it('pages with the cursor: "Load more" brings the rest, once each, newest first', SLOW, async () => {
    const { tokens, organizationId } = await signUpOwner();
    const key = await createKey(portal.server, tokens.accessToken, { description: 'Token 0' });
    for (let edit = 1; edit <= 26; edit++) {
      const { status } = await portal.server.call(
        'PATCH',
        `/keys/${key.key.id}`,
        { description: `Token ${edit}` },
        tokens.accessToken,
      );
      expect(status).toBe(200);
    }
    const all = await readAllActivity(tokens.accessToken, organizationId);
    expect(all.length).toBeGreaterThan(25);
    const region = await openActivity(tokens, 'en');

    await waitFor(() => expect(entryRows(region)).toHaveLength(25));
    expect(within(region).getByRole('status').textContent).toBe('25 events shown');
    fireEvent.click(within(region).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entryRows(region)).toHaveLength(all.length));
    expect(within(region).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(within(region).getByRole('status').textContent).toBe(
      `${all.length} events shown · No more events.`,
    );
    // The same entries in the same order as the API's: nothing repeated, nothing skipped at the page break.
    const names = await import('#web/i18n/locales/en.json');
    const expected = all.map((entry) => {
      const [group, name] = entry.event.split('.') as [string, string];
      return (names.audit.events as Record<string, Record<string, string>>)[group]?.[name];
    });
    expect(entryRows(region).map((row) => row.cells[1]?.textContent)).toEqual(expected);
  });

  it('exports what the filters select as CSV and as JSON, with the token', SLOW, async () => {
    const { tokens } = await signUpOwner();
    await createKey(portal.server, tokens.accessToken, { description: 'Exported token' });
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return `blob:activity-${files.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    try {
      const region = await openActivity(tokens, 'en');
      await waitFor(() => expect(rowWith(region, 'Exported token')).toBeTruthy());
      select(region, 'Event', 'key.created');
      await waitFor(() =>
        expect(entryRows(region).map((row) => row.cells[1]?.textContent)).toEqual(['Token created']),
      );

      fireEvent.click(within(region).getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]).toMatch(/^cotacep-activity-.+-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await (files[0] as Blob).text();
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toContain('time (UTC),event');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('key.created');
      expect(lines[1]).toContain('Exported token');

      fireEvent.click(within(region).getByRole('button', { name: 'Export JSON' }));
      await waitFor(() => expect(downloads).toHaveLength(2));
      expect(downloads[1]).toMatch(/\.json$/);
      const json = JSON.parse(await (files[1] as Blob).text()) as ActivityPage;
      expect(json.entries.map((entry) => entry.event)).toEqual(['key.created']);
      expect(json.entries[0]?.target?.label).toContain('Exported token');
    } finally {
      click.mockRestore();
    }
  });

  it('shows a Viewer why the tab is closed, and an Admin the entries', SLOW, async () => {
    const { tokens, organizationId } = await signUpOwner();
    await createKey(portal.server, tokens.accessToken, { description: 'Owner token' });
    const { setCurrentOrganizationId } = await import('#web/lib/session/organization-store.ts');

    const viewer = await addMember(
      portal.server,
      tokens.accessToken,
      organizationId,
      address('viewer'),
      'viewer',
    );
    const refused = await portal.server.call(
      'GET',
      `/organizations/${organizationId}/activity`,
      undefined,
      viewer.accessToken,
    );
    expect(refused.status).toBe(403);
    portal.session.setSession(viewer);
    setCurrentOrganizationId(organizationId);
    await renderScreen(portal, '/account/settings?tab=activity', 'pt-BR');
    expect(
      await screen.findByText(
        'Seu papel (Leitor) não permite ver a atividade desta organização: só Proprietários e Administradores podem.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Atividade', selected: true })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Atividade' })).toBeNull();

    // Made an Admin by the Owner, the same person reads the organization's entries, that change among them.
    const members = await portal.server.call<{ items: { userId: string; role: string }[] }>(
      'GET',
      `/organizations/${organizationId}/members`,
      undefined,
      tokens.accessToken,
    );
    const viewerId = members.body.items.find((member) => member.role === 'viewer')?.userId;
    const promoted = await portal.server.call(
      'PATCH',
      `/organizations/${organizationId}/members/${viewerId}`,
      { role: 'admin' },
      tokens.accessToken,
    );
    expect(promoted.status).toBe(200);
    cleanup();
    await renderScreen(portal, '/account/settings?tab=activity', 'en');
    const region = await screen.findByRole('region', { name: 'Activity' });
    await waitFor(() => expect(rowWith(region, 'Owner token')?.textContent).toContain('Token created'));
    expect(rowWith(region, "A member's role changed")?.textContent).toContain('Olga Dona');
  });
});
