import { MAX_PASSKEYS_PER_USER } from '@cotacep/shared/passkey-limits';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPasskey, readFactors } from '#web/test/portal-second-factors.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server. happy-dom has no WebAuthn: the passkeys are made through the API by a software
// authenticator (`portal-second-factors.ts`), as another browser of the account would; making one from the
// Security tab runs in Chromium (e2e/security-factors.spec.ts).
const portal = setUpScreenPortal();

// happy-dom's XMLHttpRequest drops a DELETE's body (the removals send the password and the code in it);
// Chromium sends it (e2e/security-factors.spec.ts). Here the API client goes through fetch instead.
beforeAll(async () => {
  (await import('#web/lib/api/clients.ts')).apiClient.defaults.adapter = 'fetch';
});

const SLOW = { timeout: 60_000 };
const PASSWORD = 'a long enough password';
let counter = 0;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function signInWithPasskeys(...names: string[]) {
  const tokens = await portal.server.createUser(`passkeys-${Date.now()}-${++counter}@example.com`, PASSWORD);
  for (const name of names) await addPasskey(portal.server, tokens.accessToken, name);
  portal.session.setSession(tokens);
  return tokens;
}

const rowOf = (section: HTMLElement, name: string) =>
  within(section)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(name)) as HTMLElement;

async function openMenuItem(section: HTMLElement, passkey: string, item: RegExp) {
  fireEvent.click(within(section).getByRole('button', { name: `Actions for ${passkey}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('passkeys', () => {
  it('lists each passkey with its dates, renames one and removes one after confirming', SLOW, async () => {
    const tokens = await signInWithPasskeys('Work laptop', 'Phone');
    await renderScreen(portal, '/account/settings?tab=security', 'en');

    const section = await screen.findByRole('region', { name: 'Passkeys' });
    const laptop = await waitFor(() => rowOf(section, 'Work laptop'));
    expect(laptop.textContent).toMatch(/Added \w{3} \d{1,2}, \d{4}, not used yet/);
    // The software authenticator's credentials are backed up, like a synced one.
    expect(within(laptop).getByText('Synced')).toBeTruthy();
    expect(rowOf(section, 'Phone')).toBeTruthy();
    // happy-dom cannot make one: the button says why rather than failing.
    const add = within(section).getByRole('button', { name: 'Add a passkey' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This browser cannot create passkeys. Use a recent Chrome, Edge, Firefox or Safari.',
    );

    await openMenuItem(section, 'Work laptop', /^Rename$/);
    const rename = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(rename).getByRole('textbox', { name: /Name/ });
    type(name, '   ');
    fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(rename).findByText('Please enter a name for the passkey')).toBeTruthy();
    type(name, 'Home laptop');
    fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passkey renamed.')).toBeTruthy();
    await waitFor(() => expect(rowOf(section, 'Home laptop')).toBeTruthy());

    await openMenuItem(section, 'Phone', /^Remove$/);
    const remove = await screen.findByRole('dialog', { name: 'Remove Phone?' });
    // Another passkey remains: no password asked.
    expect(within(remove).queryByLabelText(/^Password/)).toBeNull();
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passkey removed.')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByText('Phone')).toBeNull());

    const { passkeys } = await readFactors(portal.server, tokens.accessToken);
    expect(passkeys.map((passkey) => passkey.name)).toEqual(['Home laptop']);
  });

  it(
    'removing the last one asks for the password, refuses a wrong one, then removes the recovery codes too',
    SLOW,
    async () => {
      const tokens = await signInWithPasskeys('Only key');
      await renderScreen(portal, '/account/settings?tab=security', 'pt-BR');

      const section = await screen.findByRole('region', { name: 'Passkeys' });
      expect(await screen.findByText('Restam 10 de 10 códigos')).toBeTruthy();
      fireEvent.click(await within(section).findByRole('button', { name: 'Ações de Only key' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Remover' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remover Only key?' });
      expect(within(dialog).getByText(/É o seu último aplicativo autenticador ou passkey/)).toBeTruthy();
      const password = within(dialog).getByLabelText(/^Senha/);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
      await waitFor(() =>
        expect(password.closest('.mantine-InputWrapper-root')?.textContent).toMatch(/senha/i),
      );
      type(password, 'not my password');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
      await waitFor(() =>
        expect(password.closest('.mantine-InputWrapper-root')?.textContent).toContain(
          'A senha ou o código está incorreto ou expirou.',
        ),
      );
      expect((await readFactors(portal.server, tokens.accessToken)).passkeys).toHaveLength(1);

      type(password, PASSWORD);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
      expect(await within(section).findByText('Nenhuma passkey ainda.')).toBeTruthy();
      expect(
        await screen.findByText(
          'Você recebe códigos de recuperação ao configurar um aplicativo autenticador ou uma passkey.',
        ),
      ).toBeTruthy();
      const factors = await readFactors(portal.server, tokens.accessToken);
      expect(factors.passkeys).toEqual([]);
      expect(factors.recoveryCodes.remaining).toBe(0);
    },
  );

  it(`at ${MAX_PASSKEYS_PER_USER} passkeys, "Add a passkey" is off and says why`, SLOW, async () => {
    const names = Array.from({ length: MAX_PASSKEYS_PER_USER }, (_, index) => `Key ${index + 1}`);
    await signInWithPasskeys(...names);
    await renderScreen(portal, '/account/settings?tab=security', 'en');
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(MAX_PASSKEYS_PER_USER));
    const add = within(section).getByRole('button', { name: 'Add a passkey' });
    expect(add).toHaveProperty('disabled', true);
    expect(add.getAttribute('aria-describedby')).toBe('passkeys-why-not');
    expect(within(section).getByText(/holds 20 passkeys, the most it may/)).toBeTruthy();
  });
});
