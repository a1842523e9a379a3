import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/test-utils.tsx';
import { logout, setSession } from '../../../lib/session/session-store.ts';
import { createTestToken } from '../../../lib/session/test-tokens.ts';
import { type KeysApi, makeKey, PROJECT, startKeysApi } from '../../../test/portal-api-server.ts';

let api: KeysApi;

async function openProjects(language: 'pt-BR' | 'en' = 'pt-BR') {
  api = await startKeysApi();
  setSession({ accessToken: createTestToken({ sub: 'user-1', given_name: 'Ana' }) });
  await renderApp('/projects', language);
  return within(await screen.findByRole('region', { name: PROJECT.name }));
}

afterEach(async () => {
  logout();
  await api.close();
});

describe('Projects screen', () => {
  it('shows each project with its usage this month, per key, and its keys', async () => {
    const card = await openProjects('pt-BR');
    expect(await card.findByText('1.234')).toBeTruthy();
    expect(card.getByText('12,3% das 10.000 requisições mensais do seu plano')).toBeTruthy();
    const byKey = card.getByRole('list', { name: 'Por token' });
    expect(
      within(byKey)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Site da loja ck_pub_3fQk…1.200', 'Token excluído34']);
    expect(await card.findByRole('switch', { name: 'Site da loja ativado' })).toBeTruthy();
    expect(api.calls('GET').some((call) => call.url === `/api/keys?projectId=${PROJECT.id}`)).toBe(true);
    expect(screen.getByText('1 de 1 projetos permitidos pelo seu plano')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/pricing');
  });

  it('will not delete a project that still has keys, and says what to do', async () => {
    const card = await openProjects('en');
    fireEvent.click(card.getByRole('button', { name: `Actions for ${PROJECT.name}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/still has tokens: delete them or move them/)).toBeTruthy();
    expect((confirm.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "Failed to delete api key" when deleting one of its keys fails', async () => {
    const card = await openProjects('en');
    api.fail('DELETE', /\/keys\//, 404, { code: 'ApiKeyNotFound', message: 'API key not found.' });
    fireEvent.click(await card.findByRole('button', { name: 'Actions for Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect((await confirm.findByRole('alert')).textContent).toBe(
      'Failed to delete api keyAPI key not found.Please try again.',
    );
    expect(api.keys).toEqual([makeKey()]);
  });

  it('edits a project, refusing an empty name', async () => {
    const card = await openProjects('pt-BR');
    fireEvent.click(card.getByRole('button', { name: `Ações de ${PROJECT.name}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const form = within(await screen.findByRole('dialog'));
    const name = form.getByRole('textbox', { name: /Nome do projeto/ });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await form.findByText(/informe o nome do projeto/i)).toBeTruthy();
    expect(api.calls('PATCH')).toEqual([]);

    fireEvent.change(name, { target: { value: 'Loja 2' } });
    fireEvent.click(form.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls('PATCH')).toHaveLength(1));
    expect(api.calls('PATCH')[0]).toEqual({
      url: `/api/projects/${PROJECT.id}`,
      body: { name: 'Loja 2', description: PROJECT.description },
    });
    expect(await screen.findByText('Salvo com sucesso')).toBeTruthy();
  });
});
