import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/test-utils.tsx';
import { logout, setSession } from '../../../lib/session/session-store.ts';
import { createTestToken } from '../../../lib/session/test-tokens.ts';
import { type KeysApi, makeKey, startKeysApi } from '../../../test/portal-api-server.ts';

let api: KeysApi;

async function openTokens(language: 'pt-BR' | 'en' = 'pt-BR', initial?: Parameters<typeof startKeysApi>[0]) {
  api = await startKeysApi(initial);
  setSession({ accessToken: createTestToken({ sub: 'user-1', given_name: 'Ana' }) });
  await renderApp('/account/settings?tab=tokens', language);
}

afterEach(async () => {
  logout();
  await api.close();
});

const dialog = () => screen.findByRole('dialog');
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('Tokens tab', () => {
  it('lists the keys with kind, allowed origins, last use, status and the plan limit', async () => {
    const lastUsedAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    await openTokens('pt-BR', {
      keys: [
        makeKey({ lastUsedAt }),
        makeKey({
          id: '55555555-5555-4555-8555-555555555555',
          description: 'Servidor',
          kind: 'private',
          enabled: false,
          allowedOrigins: ['0.0.0.0/0', '::/0'],
          prefix: 'ck_priv_9aB',
        }),
      ],
      maxKeys: 5,
    });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Site da lojack_pub_3fQk…',
      'Servidorck_priv_9aB…',
    ]);
    expect(within(rows[0]!).getByText('https://loja.example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('há 3 horas')).toBeTruthy();
    expect(await within(rows[0]!).findByText('1.200')).toBeTruthy();
    expect(within(rows[0]!).getByText('há 3 horas · 1.200 requisições no mês')).toBeTruthy();
    expect(
      within(rows[0]!).getByRole('img', {
        name: 'Requisições nos últimos 15 dias: 1.200 no total; por dia, do mais antigo a hoje: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 120, 300, 500, 240',
      }),
    ).toBeTruthy();
    expect(within(rows[1]!).getByText('Nunca usado · nenhuma requisição no mês')).toBeTruthy();
    expect(within(rows[1]!).getByText('Qualquer IP')).toBeTruthy();
    expect(within(rows[1]!).getByText('Nunca usado')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Servidor ativado' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getByText('2 de 5 tokens permitidos pelo seu plano')).toBeTruthy();
  });

  it('tells the user what to do when there are no keys', async () => {
    await openTokens('en', { keys: [] });
    expect(await screen.findByText('No tokens yet')).toBeTruthy();
    expect(screen.getByText(/call GET \/quotes\/json\/last\/USD-BRL\?token=/)).toBeTruthy();
  });

  it('disables creation at the plan limit and says why', async () => {
    await openTokens('pt-BR', { maxKeys: 1 });
    expect(await screen.findByText(/O limite de tokens do seu plano foi atingido/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Criar token' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses an inexact origin on the field, then creates the key and shows its secret once with a copy button', async () => {
    await openTokens('pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Criar token' }));
    const form = within(await dialog());
    expect(((await form.findByRole('combobox', { name: 'Projeto' })) as HTMLSelectElement).value).toBe(
      api.projects[0]?.id,
    );
    type(form.getByRole('textbox', { name: /Descrição/ }), 'App do parceiro');
    const origins = form.getByRole('textbox', { name: /Origens permitidas/ });
    type(origins, 'https://parceiro.example.com/checkout');
    fireEvent.click(form.getByRole('button', { name: 'Criar' }));
    expect(await form.findByText(/Informe \* ou origens exatas/)).toBeTruthy();
    expect(api.calls('POST')).toEqual([]);

    type(origins, 'https://Parceiro.example.com:443, http://localhost:5173');
    fireEvent.click(form.getByRole('button', { name: 'Criar' }));
    expect(await form.findByText(/não será exibido novamente/)).toBeTruthy();
    expect(api.calls('POST')[0]?.body).toEqual({
      description: 'App do parceiro',
      projectId: api.projects[0]?.id,
      kind: 'public',
      allowedOrigins: 'https://parceiro.example.com, http://localhost:5173',
      enabled: true,
    });
    expect(form.getByTestId('new-secret').textContent).toMatch(/^ck_pub_Nw7Q/);
    expect(form.getByRole('button', { name: 'Copiar' })).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Pronto' }));
    expect(await screen.findByText('App do parceiro')).toBeTruthy();
    expect(screen.queryByTestId('new-secret')).toBeNull();
  });

  it('validates a private key’s IPs and CIDR ranges, in English', async () => {
    await openTokens('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    const form = within(await dialog());
    type(form.getByRole('textbox', { name: /Description/ }), 'Backend');
    fireEvent.click(form.getByRole('radio', { name: 'Private' }));
    const ips = form.getByRole('textbox', { name: /Allowed IPs/ }) as HTMLTextAreaElement;
    expect(ips.value).toBe('0.0.0.0/0, ::/0');
    type(ips, '203.0.113.0/33');
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    expect(await form.findByText(/IP/, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(api.calls('POST')).toEqual([]);

    type(ips, '203.0.113.7, 10.1.2.3/8, 2001:DB8::/32');
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    expect(await form.findByTestId('new-secret')).toBeTruthy();
    expect(api.calls('POST')[0]?.body).toMatchObject({
      kind: 'private',
      allowedOrigins: '203.0.113.7, 10.0.0.0/8, 2001:db8::/32',
    });
  });

  it('edits a key with its kind locked and says why the kind cannot change', async () => {
    await openTokens('pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Ações de Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const form = within(await dialog());
    expect((form.getByRole('radio', { name: 'Privado' }) as HTMLInputElement).disabled).toBe(true);
    expect(form.getByText(/O tipo não pode mudar/)).toBeTruthy();
    type(form.getByRole('textbox', { name: /Descrição/ }), 'Loja nova');
    type(form.getByRole('textbox', { name: /Origens permitidas/ }), '*');
    fireEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Salvo com sucesso')).toBeTruthy();
    expect(api.calls('PATCH')).toEqual([
      {
        url: `/api/keys/${makeKey().id}`,
        body: {
          description: 'Loja nova',
          projectId: api.projects[0]?.id,
          kind: 'public',
          allowedOrigins: '*',
          enabled: true,
        },
      },
    ]);
    expect(await screen.findByText('Qualquer origem')).toBeTruthy();
  });

  it('shows "Failed to save changes" and the server’s reason when an edit is refused', async () => {
    await openTokens('en');
    api.fail('PATCH', /\/keys\//, 400, {
      code: 'KeyKindImmutable',
      message: 'The kind of a key cannot change, since its secret tells the kind. Create a new key instead.',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = within(await dialog());
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toBe(
      'Failed to save changesThe kind of a key cannot change, since its secret tells the kind. Create a new key instead.Please try again.',
    );
  });

  it('keeps the key and says "Failed to delete token" when deleting fails', async () => {
    await openTokens('pt-BR');
    api.fail('DELETE', /\/keys\//, 404, { code: 'ApiKeyNotFound', message: 'Chave de API não encontrada.' });
    fireEvent.click(await screen.findByRole('button', { name: 'Ações de Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const confirm = within(await dialog());
    fireEvent.click(confirm.getByRole('button', { name: 'Excluir' }));
    const alert = await confirm.findByRole('alert');
    expect(alert.textContent).toBe(
      'Falha ao excluir o tokenChave de API não encontrada.Por favor, tente novamente.',
    );
    expect(api.keys).toHaveLength(1);

    fireEvent.click(confirm.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Nenhum token ainda')).toBeTruthy();
  });

  it('rotates with a grace period and shows the new secret and until when the old one works', async () => {
    await openTokens('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
    const form = within(await dialog());
    fireEvent.click(form.getByRole('radio', { name: 'In 24 hours' }));
    fireEvent.click(form.getByRole('button', { name: 'Rotate secret' }));
    expect((await form.findByTestId('new-secret')).textContent).toBe(
      'ck_pub_R0t8newsecretnewsecretnewsecret',
    );
    expect(form.getByText(/The previous secret \(ck_pub_3fQk…\) keeps working until/)).toBeTruthy();
    expect(api.calls('POST')).toEqual([
      { url: `/api/keys/${makeKey().id}/rotate`, body: { graceSeconds: 86_400 } },
    ]);
    fireEvent.click(form.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/ck_pub_3fQk… works until/)).toBeTruthy();
  });

  it('toggles a key off, and puts the switch back with "Failed to save changes" when refused', async () => {
    await openTokens('pt-BR');
    const toggle = (await screen.findByRole('switch', { name: 'Site da loja ativado' })) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(api.calls('PATCH')).toHaveLength(1));
    expect(api.calls('PATCH')[0]?.body).toEqual({ enabled: false });
    expect(await screen.findByText('Desativado')).toBeTruthy();
    // The switch is disabled while its change is on the way (and shows the new state meanwhile).
    await waitFor(() => expect(toggle.disabled).toBe(false));

    api.fail('PATCH', /\/keys\//, 404, { code: 'ApiKeyNotFound', message: 'Chave de API não encontrada.' });
    fireEvent.click(toggle);
    expect(await screen.findByText('Falha ao salvar as alterações')).toBeTruthy();
    expect(screen.getByText('Por favor, tente novamente.')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(api.keys[0]?.enabled).toBe(false);
  });
});
