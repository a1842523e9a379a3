import type { TokenSet } from '@cotacep/shared/auth-responses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthenticatorApp, enableTotp, readFactors } from '#web/test/portal-second-factors.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server; each test signs up its own user, whose fresh login needs no re-authentication.
const portal = setUpScreenPortal();

const SLOW = { timeout: 60_000 };
const PASSWORD = 'a long enough password';
let counter = 0;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const wrapperOf = (input: HTMLElement) => input.closest('.mantine-InputWrapper-root')?.textContent;

afterEach(() => vi.restoreAllMocks());

// happy-dom's XMLHttpRequest drops a DELETE's body (the removals send the password and the code in it);
// Chromium sends it (e2e/security-factors.spec.ts). Here the API client goes through fetch instead.
beforeAll(async () => {
  (await import('#web/lib/api/clients.ts')).apiClient.defaults.adapter = 'fetch';
});

async function signIn(label: string): Promise<TokenSet> {
  const tokens = await portal.server.createUser(`${label}-${Date.now()}-${++counter}@example.com`, PASSWORD);
  portal.session.setSession(tokens);
  return tokens;
}

/** Signs in with the password, then answers the challenge with `method` and `code`: the status it gets. */
async function logIn(email: string, method: 'totp' | 'recovery', code: string) {
  const login = await portal.server.call<{ challenge: { session: string } }>('POST', '/auth/login', {
    email,
    password: PASSWORD,
  });
  const { session } = login.body.challenge;
  return (await portal.server.call('POST', '/auth/login/challenge', { session, method, code })).status;
}

describe('authenticator app', () => {
  it(
    'sets it up with the QR code or the setup code: a wrong code stays under the field, the right one turns it on and shows the recovery codes once',
    SLOW,
    async () => {
      const tokens = await signIn('totp-enrol');
      const download = vi.spyOn(URL, 'createObjectURL');
      // happy-dom would follow the download link away from the portal's origin: the click is only recorded.
      const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      await renderScreen(portal, '/account/settings?tab=security', 'en');
      const section = await screen.findByRole('region', { name: 'Authenticator app' });
      expect(within(section).getByText('Not set up')).toBeTruthy();
      expect(
        screen.getByText('You get recovery codes when you set up an authenticator app or a passkey.'),
      ).toBeTruthy();

      fireEvent.click(within(section).getByRole('button', { name: 'Set up authenticator app' }));
      const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
      const qr = (await within(dialog).findByRole('img', {
        name: 'QR code that adds your account to an authenticator app',
      })) as HTMLImageElement;
      expect(decodeURIComponent(qr.src)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
      const setupCode = within(dialog).getByTestId('totp-setup-code').textContent ?? '';
      expect(setupCode).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const app = createAuthenticatorApp(setupCode);

      const code = within(dialog).getByRole('textbox', { name: /Code from the app/ });
      const right = await app.nextCode();
      type(code, right === '123456' ? '654321' : '123456');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
      await waitFor(() =>
        expect(wrapperOf(code)).toContain('Invalid verification code provided, please try again.'),
      );
      expect((await readFactors(portal.server, tokens.accessToken)).totp.enabled).toBe(false);

      type(code, right);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
      const codesDialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
      expect(
        within(codesDialog).getByText(
          'Save these codes now: they are shown only this once. Each one logs you in once if you lose your authenticator app or your passkeys.',
        ),
      ).toBeTruthy();
      const shown = within(within(codesDialog).getByRole('list', { name: 'Your recovery codes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(shown).toHaveLength(10);
      expect(new Set(shown).size).toBe(10);

      // The download is a text file holding every code.
      fireEvent.click(within(codesDialog).getByRole('button', { name: 'Download .txt' }));
      expect((save.mock.contexts[0] as HTMLAnchorElement | undefined)?.download).toBe(
        'cotacep-recovery-codes.txt',
      );
      const file = download.mock.calls[0]?.[0] as Blob;
      const text = await file.text();
      for (const each of shown) expect(text).toContain(each);
      expect(text).toMatch(/^Cotacep recovery codes for totp-enrol-/);

      fireEvent.click(within(codesDialog).getByRole('button', { name: 'I have saved them' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await within(section).findByText('On')).toBeTruthy();
      expect(screen.getByText('10 of 10 codes left')).toBeTruthy();
      const factors = await readFactors(portal.server, tokens.accessToken);
      expect(factors.totp.enabled).toBe(true);
      expect(factors.recoveryCodes.remaining).toBe(10);
      // A code shown works once at the login's second step.
      const email = (
        await portal.server.call<{ email: string }>('GET', '/account', undefined, tokens.accessToken)
      ).body.email;
      expect(await logIn(email, 'recovery', shown[0] ?? '')).toBe(200);
    },
  );

  it(
    'regenerating the recovery codes warns that the old ones stop working, shows the new set once, and the old set is refused',
    SLOW,
    async () => {
      const tokens = await signIn('recovery-regenerate');
      const { recoveryCodes: old } = await enableTotp(portal.server, tokens.accessToken);
      expect(old).toHaveLength(10);
      await renderScreen(portal, '/account/settings?tab=security', 'pt-BR');

      const section = await screen.findByRole('region', { name: 'Códigos de recuperação' });
      expect(within(section).getByText('Restam 10 de 10 códigos')).toBeTruthy();
      // Shown once: a new visit does not show them again.
      expect(screen.queryByRole('dialog')).toBeNull();

      fireEvent.click(within(section).getByRole('button', { name: 'Gerar novos códigos' }));
      const confirm = await screen.findByRole('dialog', { name: 'Gerar novos códigos de recuperação?' });
      expect(
        within(confirm).getByText(
          'Os códigos de recuperação atuais deixam de funcionar na hora. Guarde os novos antes de fechar a janela.',
        ),
      ).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Gerar novos códigos' }));

      const codesDialog = await screen.findByRole('dialog', { name: 'Guarde seus códigos de recuperação' });
      const fresh = within(codesDialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((code) => old.includes(code))).toEqual([]);
      fireEvent.click(within(codesDialog).getByRole('button', { name: 'Já guardei' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      const email = (
        await portal.server.call<{ email: string }>('GET', '/account', undefined, tokens.accessToken)
      ).body.email;
      expect(await logIn(email, 'recovery', old[0] ?? '')).toBe(400);
      expect(await logIn(email, 'recovery', fresh[0] ?? '')).toBe(200);
    },
  );

  it(
    'removing the last strong factor takes a current code and the password; a wrong password changes nothing',
    SLOW,
    async () => {
      const tokens = await signIn('totp-remove');
      const { app } = await enableTotp(portal.server, tokens.accessToken);
      await renderScreen(portal, '/account/settings?tab=security', 'en');
      const section = await screen.findByRole('region', { name: 'Authenticator app' });

      fireEvent.click(await within(section).findByRole('button', { name: 'Remove authenticator app' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove the authenticator app?' });
      expect(within(dialog).getByText(/It is your last authenticator app or passkey/)).toBeTruthy();
      const code = within(dialog).getByRole('textbox', { name: /Code from the app/ });
      const password = within(dialog).getByLabelText(/^Password/);
      // The password is checked first: the code is not spent by the refusal and can be sent again.
      const current = await app.nextCode();
      type(code, current);
      type(password, 'not my password');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
      await waitFor(() =>
        expect(wrapperOf(password)).toContain('The password or code is incorrect or has expired.'),
      );
      expect((await readFactors(portal.server, tokens.accessToken)).totp.enabled).toBe(true);

      type(code, current);
      type(password, PASSWORD);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Authenticator app removed.')).toBeTruthy();
      expect(await within(section).findByText('Not set up')).toBeTruthy();
      const factors = await readFactors(portal.server, tokens.accessToken);
      expect(factors.totp.enabled).toBe(false);
      expect(factors.recoveryCodes.remaining).toBe(0);
    },
  );
});
