import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { KeyList, KeyWithSecret } from '@cotacep/shared/key-schemas';
import type { ProjectList } from '@cotacep/shared/project-schemas';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callPublicApi, createKey, waitForUsage } from '#web/test/portal-keys.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The whole server (portal and public APIs): the keys' calls are metered and reach the usage summary.
// A quota of 20 keeps the share of it readable.
const portal = setUpScreenPortal({ ROLE: 'all', PLAN_QUOTAS: 'free:20' });

const SLOW = { timeout: 60_000 };
const SHOP = 'https://loja.example.com';
const PROJECT = { name: 'Loja virtual', description: 'Site e aplicativo' };
let users = 0;

type Account = { tokens: TokenSet; projectId: string; site: KeyWithSecret };

/** A new user whose (only) project is PROJECT, holding the key "Site da loja". */
async function createAccount(): Promise<Account> {
  const tokens = await portal.server.createUser(`projects-${Date.now()}-${users++}@example.com`);
  const site = await createKey(portal.server, tokens.accessToken, {
    description: 'Site da loja',
    kind: 'public',
    allowedOrigins: SHOP,
  });
  const { projectId } = site.key;
  const renamed = await portal.server.call('PATCH', `/projects/${projectId}`, PROJECT, tokens.accessToken);
  expect(renamed.status).toBe(200);
  return { tokens, projectId, site };
}

async function openProjects(account: Account, language: 'pt-BR' | 'en') {
  portal.session.setSession(account.tokens);
  await renderScreen(portal, '/projects', language);
  return within(await screen.findByRole('region', { name: PROJECT.name }));
}

const getProjects = async (tokens: TokenSet) =>
  (await portal.server.call<ProjectList>('GET', '/projects', undefined, tokens.accessToken)).body.items;
const getKeys = async (tokens: TokenSet) =>
  (await portal.server.call<KeyList>('GET', '/keys', undefined, tokens.accessToken)).body.items;

describe('Projects screen', () => {
  it('shows each project with its usage this month, per key, and its keys', SLOW, async () => {
    const account = await createAccount();
    const old = await createKey(portal.server, account.tokens.accessToken, { description: 'Antiga' });
    for (let call = 0; call < 3; call++) {
      expect(await callPublicApi(portal.server, '/quotes/json/available', account.site.secret, SHOP)).toBe(
        200,
      );
    }
    expect(await callPublicApi(portal.server, '/quotes/json/available', old.secret)).toBe(200);
    await waitForUsage(portal.server, account.tokens.accessToken, (usage) => usage.used === 4);
    // A deleted key's requests stay in its project's figures.
    await portal.server.call('DELETE', `/keys/${old.key.id}`, undefined, account.tokens.accessToken);

    const card = await openProjects(account, 'pt-BR');
    expect(await card.findByText('4')).toBeTruthy();
    expect(card.getByText('20% das 20 requisições mensais do seu plano')).toBeTruthy();
    const byKey = card.getByRole('list', { name: 'Por token' });
    expect(
      within(byKey)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Site da loja ${account.site.key.prefix}…3`, 'Token excluído1']);
    expect(await card.findByRole('switch', { name: 'Site da loja ativado' })).toBeTruthy();
    expect(screen.getByText('1 de 1 projeto permitido pelo seu plano')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/pricing');
  });

  it(
    'at the Free plan’s limits shows one notice naming both, with the counts in the singular',
    SLOW,
    async () => {
      const account = await createAccount();
      await createKey(portal.server, account.tokens.accessToken, {
        description: 'Servidor',
        kind: 'private',
      });
      const card = await openProjects(account, 'pt-BR');
      expect(await card.findByRole('switch', { name: 'Servidor ativado' })).toBeTruthy();
      expect(await screen.findByText('2 de 2 tokens permitidos pelo seu plano')).toBeTruthy();
      expect(screen.getByText('1 de 1 projeto permitido pelo seu plano')).toBeTruthy();
      const notices = screen
        .getAllByText(/limite/i)
        .filter((element) => element.closest('.mantine-Alert-root'));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.textContent).toMatch(/limites de projetos e de tokens do seu plano foram atingidos/);
      expect(screen.getAllByRole('link', { name: 'Ver planos' })).toHaveLength(1);
      expect((card.getByRole('button', { name: 'Criar token' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Novo projeto' }) as HTMLButtonElement).disabled).toBe(true);
    },
  );

  it('says "1 of 1 project" in English too', SLOW, async () => {
    await openProjects(await createAccount(), 'en');
    expect(await screen.findByText('1 of 1 project allowed by your plan')).toBeTruthy();
    expect(screen.getByText(/project limit is reached/)).toBeTruthy();
    expect(screen.queryByText(/token limit is reached/)).toBeNull();
  });

  it('will not delete a project that still has keys, and says what to do', SLOW, async () => {
    const card = await openProjects(await createAccount(), 'en');
    fireEvent.click(card.getByRole('button', { name: `Actions for ${PROJECT.name}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/still has tokens: delete them or move them/)).toBeTruthy();
    expect((confirm.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "Failed to delete API token" when deleting one of its keys fails', SLOW, async () => {
    const account = await createAccount();
    const card = await openProjects(account, 'en');
    fireEvent.click(await card.findByRole('button', { name: 'Actions for Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    // Deleted meanwhile by another client (another tab, the API): the server no longer knows it.
    await portal.server.call('DELETE', `/keys/${account.site.key.id}`, undefined, account.tokens.accessToken);
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect((await confirm.findByRole('alert')).textContent).toBe(
      'Failed to delete API tokenAPI token not found.Please try again.',
    );
    expect(await getKeys(account.tokens)).toEqual([]);
  });

  it('edits a project, refusing an empty name', SLOW, async () => {
    const account = await createAccount();
    const card = await openProjects(account, 'pt-BR');
    fireEvent.click(card.getByRole('button', { name: `Ações de ${PROJECT.name}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const form = within(await screen.findByRole('dialog'));
    const name = form.getByRole('textbox', { name: /Nome do projeto/ });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await form.findByText(/informe o nome do projeto/i)).toBeTruthy();
    expect((await getProjects(account.tokens)).map((project) => project.name)).toEqual([PROJECT.name]);

    fireEvent.change(name, { target: { value: 'Loja 2' } });
    fireEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Salvo com sucesso')).toBeTruthy();
    expect(await getProjects(account.tokens)).toEqual([
      expect.objectContaining({ id: account.projectId, name: 'Loja 2', description: PROJECT.description }),
    ]);
  });
});
