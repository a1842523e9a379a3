import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { ApiKey, KeyList, KeyWithSecret } from '@cotacep/shared/key-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createKey } from '#web/test/portal-keys.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server; each test signs up its own user (the free plan allows two keys).
const portal = setUpScreenPortal();

const SLOW = { timeout: 40_000 };
let users = 0;

/** A new user with `keys` made through the API, on the Tokens tab in `language`. */
async function openTokens(language: 'pt-BR' | 'en', keys: Parameters<typeof createKey>[2][] = []) {
  const tokens = await portal.server.createUser(`keys-${Date.now()}-${users++}@example.com`);
  const created: KeyWithSecret[] = [];
  for (const fields of keys) created.push(await createKey(portal.server, tokens.accessToken, fields));
  portal.session.setSession(tokens);
  await renderScreen(portal, '/account/settings?tab=tokens', language);
  return { tokens, keys: created };
}

const SITE = {
  description: 'Site da loja',
  kind: 'public',
  allowedOrigins: 'https://loja.example.com',
} as const;

async function listKeys(tokens: TokenSet): Promise<ApiKey[]> {
  return (await portal.server.call<KeyList>('GET', '/keys', undefined, tokens.accessToken)).body.items;
}

/** The key deleted by another client (another tab, the API): the screen's next change of it is refused. */
async function deleteElsewhere(tokens: TokenSet, key: KeyWithSecret) {
  const deleted = await portal.server.call('DELETE', `/keys/${key.key.id}`, undefined, tokens.accessToken);
  expect(deleted.status).toBe(204);
}

const dialog = () => screen.findByRole('dialog');
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('Tokens tab', () => {
  it('lists the keys with kind, allowed origins, last use, status and the plan limit', SLOW, async () => {
    const { keys } = await openTokens('pt-BR', [
      SITE,
      { description: 'Servidor', kind: 'private', enabled: false },
    ]);
    const [site, server] = keys.map((key) => key.key.prefix);
    // The usage arrives after the keys; read the table once it has, so the test does not race it.
    await screen.findAllByText(/Nunca usado · nenhuma requisição no mês/);
    const rows = (await screen.findAllByRole('row')).slice(1);
    // The name cell also holds the usage line (shown on phones) once the usage has arrived, which may be
    // before or after this read (issue 28): compare what comes before it, the name and the prefix.
    const nameCells = rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
    expect(nameCells.map((text) => text.slice(0, text.indexOf('…') + 1)).sort()).toEqual([
      `Servidor${server}…`,
      `Site da loja${site}…`,
    ]);
    const row = (name: string) => rows.find((item) => item.textContent?.startsWith(name))!;
    expect(within(row('Site da loja')).getByText('https://loja.example.com')).toBeTruthy();
    expect(
      await within(row('Site da loja')).findByText('Nunca usado · nenhuma requisição no mês'),
    ).toBeTruthy();
    expect(within(row('Servidor')).getByText('Qualquer IP')).toBeTruthy();
    expect(within(row('Servidor')).getAllByText('Nunca usado').length).toBeGreaterThan(0);
    expect((screen.getByRole('switch', { name: 'Servidor ativado' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByRole('switch', { name: 'Site da loja ativado' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByText('2 de 2 tokens permitidos pelo seu plano')).toBeTruthy();
  });

  it('tells the user what to do when there are no keys', SLOW, async () => {
    await openTokens('en');
    expect(await screen.findByText('No tokens yet')).toBeTruthy();
    expect(screen.getByText(/call GET \/quotes\/json\/last\/USD-BRL\?token=/)).toBeTruthy();
  });

  it('disables creation at the plan limit and says why', SLOW, async () => {
    await openTokens('pt-BR', [SITE, { description: 'Servidor' }]);
    expect(await screen.findByText(/O limite de tokens do seu plano foi atingido/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Criar token' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it(
    'refuses an inexact origin on the field, then creates the key and shows its secret once with a copy button',
    SLOW,
    async () => {
      const { tokens } = await openTokens('pt-BR');
      fireEvent.click(await screen.findByRole('button', { name: 'Criar token' }));
      const form = within(await dialog());
      type(form.getByRole('textbox', { name: /Descrição/ }), 'App do parceiro');
      const origins = form.getByRole('textbox', { name: /Origens permitidas/ });
      type(origins, 'https://parceiro.example.com/checkout');
      fireEvent.click(form.getByRole('button', { name: 'Criar' }));
      expect(await form.findByText(/Informe \* ou origens exatas/)).toBeTruthy();
      expect(await listKeys(tokens)).toEqual([]);

      type(origins, 'https://Parceiro.example.com:443, http://localhost:5173');
      fireEvent.click(form.getByRole('button', { name: 'Criar' }));
      expect(await form.findByText(/não será exibido novamente/)).toBeTruthy();
      const [created] = await listKeys(tokens);
      expect(created).toMatchObject({
        description: 'App do parceiro',
        kind: 'public',
        allowedOrigins: ['https://parceiro.example.com', 'http://localhost:5173'],
        enabled: true,
      });
      expect(form.getByTestId('new-secret').textContent).toMatch(new RegExp(`^${created!.prefix}`));
      expect(form.getByRole('button', { name: 'Copiar' })).toBeTruthy();
      fireEvent.click(form.getByRole('button', { name: 'Pronto' }));
      expect(await screen.findByText('App do parceiro')).toBeTruthy();
      expect(screen.queryByTestId('new-secret')).toBeNull();
    },
  );

  it(
    'starts a public key with no origin, says which project it goes to and ends with its first call',
    SLOW,
    async () => {
      const { tokens } = await openTokens('pt-BR');
      fireEvent.click(await screen.findByRole('button', { name: 'Criar token' }));
      const form = within(await dialog());
      // No project yet: the dialog says the key starts the default one.
      expect(form.getByText(/Este token vai para um novo projeto, “Projeto padrão”/)).toBeTruthy();
      const origins = form.getByRole('textbox', { name: /Origens permitidas/ }) as HTMLTextAreaElement;
      expect(origins.value).toBe('');
      expect(form.getByText(/Nenhuma origem ainda: o token não atende nenhum site/)).toBeTruthy();
      type(form.getByRole('textbox', { name: /Descrição/ }), 'Loja');
      fireEvent.click(form.getByRole('button', { name: 'Criar' }));
      const secret = (await form.findByTestId('new-secret')).textContent ?? '';
      const [created] = await listKeys(tokens);
      expect(created).toMatchObject({ kind: 'public', allowedOrigins: [], projectName: 'Projeto padrão' });
      expect(form.getByRole('heading', { name: 'Primeira chamada' })).toBeTruthy();
      expect(form.getByText(/ainda não tem origem, então esta chamada é recusada/)).toBeTruthy();
      const call = form.getByTestId('first-call').textContent ?? '';
      expect(call).toContain('/quotes/json/last/USD-BRL');
      expect(call).toContain(`"x-api-key": "${secret}"`);
      fireEvent.click(form.getByRole('button', { name: 'Pronto' }));
      expect(await screen.findByText('Nenhuma origem ainda (recusado)')).toBeTruthy();
    },
  );

  it('names the project the key goes to and gives a private key a curl call, in English', SLOW, async () => {
    await openTokens('en', [SITE]);
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    const form = within(await dialog());
    const project = (await form.findByRole('combobox', { name: /Project/ })) as HTMLSelectElement;
    expect(project.selectedOptions[0]?.textContent).toBe('Projeto padrão');
    expect(form.getByText("The token's requests count in this project.")).toBeTruthy();
    type(form.getByRole('textbox', { name: /Description/ }), 'Backend');
    fireEvent.click(form.getByRole('radio', { name: 'Private' }));
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    const secret = (await form.findByTestId('new-secret')).textContent ?? '';
    expect(form.getByText(/^From your server/)).toBeTruthy();
    expect(form.getByTestId('first-call').textContent).toBe(
      `curl "${window.location.origin}/quotes/json/last/USD-BRL" \\\n  -H "x-api-key: ${secret}"`,
    );
  });

  it('validates a private key’s IPs and CIDR ranges, in English', SLOW, async () => {
    const { tokens } = await openTokens('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    const form = within(await dialog());
    type(form.getByRole('textbox', { name: /Description/ }), 'Backend');
    fireEvent.click(form.getByRole('radio', { name: 'Private' }));
    const ips = form.getByRole('textbox', { name: /Allowed IPs/ }) as HTMLTextAreaElement;
    expect(ips.value).toBe('0.0.0.0/0, ::/0');
    type(ips, '203.0.113.0/33');
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    expect(await form.findByText(/IP/, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(await listKeys(tokens)).toEqual([]);

    type(ips, '203.0.113.7, 10.1.2.3/8, 2001:DB8::/32');
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    expect((await form.findByTestId('new-secret')).textContent).toMatch(/^ck_priv_/);
    expect((await listKeys(tokens))[0]).toMatchObject({
      kind: 'private',
      allowedOrigins: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'],
    });
  });

  it('edits a key with its kind locked and says why the kind cannot change', SLOW, async () => {
    const { tokens } = await openTokens('pt-BR', [SITE]);
    fireEvent.click(await screen.findByRole('button', { name: 'Ações de Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const form = within(await dialog());
    expect((form.getByRole('radio', { name: 'Privado' }) as HTMLInputElement).disabled).toBe(true);
    expect(form.getByText(/O tipo não pode mudar/)).toBeTruthy();
    type(form.getByRole('textbox', { name: /Descrição/ }), 'Loja nova');
    type(form.getByRole('textbox', { name: /Origens permitidas/ }), '*');
    fireEvent.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Salvo com sucesso')).toBeTruthy();
    expect(await listKeys(tokens)).toEqual([
      expect.objectContaining({
        description: 'Loja nova',
        kind: 'public',
        allowedOrigins: ['*'],
        enabled: true,
      }),
    ]);
    expect(await screen.findByText('Qualquer origem')).toBeTruthy();
  });

  it('shows "Failed to save changes" and the server’s reason when an edit is refused', SLOW, async () => {
    const { tokens, keys } = await openTokens('en', [SITE]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = within(await dialog());
    await deleteElsewhere(tokens, keys[0]!);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toBe('Failed to save changesAPI token not found.Please try again.');
  });

  it('says "Failed to delete token" when deleting fails, and deletes on the next try', SLOW, async () => {
    const { tokens, keys } = await openTokens('pt-BR', [SITE, { description: 'Servidor' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Ações de Site da loja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const confirm = within(await dialog());
    await deleteElsewhere(tokens, keys[0]!);
    fireEvent.click(confirm.getByRole('button', { name: 'Excluir' }));
    const alert = await confirm.findByRole('alert');
    expect(alert.textContent).toBe(
      'Falha ao excluir o tokenToken de API não encontrado.Por favor, tente novamente.',
    );
    fireEvent.click(confirm.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Ações de Servidor' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Nenhum token ainda')).toBeTruthy();
    expect(await listKeys(tokens)).toEqual([]);
  });

  it(
    'rotates with a grace period and shows the new secret and until when the old one works',
    SLOW,
    async () => {
      const { tokens, keys } = await openTokens('en', [SITE]);
      const previous = keys[0]!.key.prefix;
      fireEvent.click(await screen.findByRole('button', { name: 'Actions for Site da loja' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
      const form = within(await dialog());
      fireEvent.click(form.getByRole('radio', { name: 'In 24 hours' }));
      fireEvent.click(form.getByRole('button', { name: 'Rotate secret' }));
      const secret = (await form.findByTestId('new-secret')).textContent ?? '';
      const [rotated] = await listKeys(tokens);
      expect(secret.startsWith(rotated!.prefix)).toBe(true);
      expect(rotated!.previousPrefix).toBe(previous);
      const graceHours = (Date.parse(rotated!.graceEndsAt ?? '') - Date.now()) / 3600_000;
      expect(graceHours).toBeGreaterThan(23.9);
      expect(graceHours).toBeLessThanOrEqual(24);
      expect(
        form.getByText(new RegExp(`The previous secret \\(${previous}…\\) keeps working until`)),
      ).toBeTruthy();
      fireEvent.click(form.getByRole('button', { name: 'Done' }));
      expect(await screen.findByText(new RegExp(`${previous}… works until`))).toBeTruthy();
    },
  );

  it('toggles a key off, and says "Failed to save changes" when a change is refused', SLOW, async () => {
    const { tokens, keys } = await openTokens('pt-BR', [SITE]);
    const toggle = (await screen.findByRole('switch', { name: 'Site da loja ativado' })) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText('Desativado')).toBeTruthy();
    await waitFor(async () => expect((await listKeys(tokens))[0]?.enabled).toBe(false));
    // The switch is disabled while its change is on the way (and shows the new state meanwhile).
    await waitFor(() => expect(toggle.disabled).toBe(false));

    await deleteElsewhere(tokens, keys[0]!);
    fireEvent.click(toggle);
    expect(await screen.findByText('Falha ao salvar as alterações')).toBeTruthy();
    expect(screen.getByText('Por favor, tente novamente.')).toBeTruthy();
    // No switch is left showing the refused change (the deleted key's row leaves the list).
    await waitFor(() => expect(screen.queryByRole('switch', { checked: true })).toBeNull());
    expect(await screen.findByText('Nenhum token ainda')).toBeTruthy();
  });
});
