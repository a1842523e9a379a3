import type { TokenSet } from '@cotacep/shared/auth-responses';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enrolAuthenticator, nextTotpCode, turnOnSmsCodes } from '#web/test/portal-second-factors.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server: the second factors are set up through its API, the codes read from its outboxes
// (e-mail, SMS) or computed from the authenticator's key, as the person's phone would.
const portal = setUpScreenPortal();
const SLOW = { timeout: 60_000 };
const PASSWORD = 'a long enough password';
const SIGN_IN_CODE = /sign-in code|código de acesso/;

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const wrapperOf = (input: HTMLElement) => input.closest('.mantine-InputWrapper-root')?.textContent ?? '';

async function newUser(label: string): Promise<{ email: string; tokens: TokenSet }> {
  const email = uniqueEmail(label);
  return { email, tokens: await portal.server.createUser(email, PASSWORD) };
}

/** Logs in through the page, asking for /projects afterwards. */
async function logIn(email: string, language: 'pt-BR' | 'en') {
  const view = await renderScreen(portal, '/auth/login?redirect=%2Fprojects', language);
  type(await screen.findByRole('textbox', { name: /mail/ }), email);
  type(screen.getByLabelText(/^(Senha|Password)/), PASSWORD);
  fireEvent.click(screen.getByRole('button', { name: language === 'en' ? 'Log In' : 'Entrar' }));
  return view;
}

async function expectSignedIn(router: Awaited<ReturnType<typeof logIn>>['router']) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  expect(portal.session.isAuthenticated()).toBe(true);
}

/** Signs out and opens the login page again, as the next visit would. */
async function logInAgain(email: string, language: 'pt-BR' | 'en') {
  cleanup();
  portal.session.logout();
  return logIn(email, language);
}

/** Buttons under "Use another method", in order. */
function otherMethods(heading: string): string[] {
  const section = screen.getByRole('region', { name: heading });
  return [...section.querySelectorAll('button')].map((button) => button.textContent ?? '');
}

describe('the SMS challenge (spec §2: MFA code screen, code sent by SMS, with a resend countdown)', () => {
  it('shows the masked phone and a running countdown, and the SMS code signs in', SLOW, async () => {
    const { email, tokens } = await newUser('sms');
    const phone = `+55219${String(Date.now()).slice(-8)}`;
    await turnOnSmsCodes(portal.server, tokens.accessToken, phone);
    const { router } = await logIn(email, 'en');

    const masked = `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
    expect(await screen.findByText(`We sent a code by SMS to ${masked}.`)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login/challenge');
    const resend = screen.getByRole('button', { name: /^Resend code in (60|59) s$/ });
    expect(resend).toHaveProperty('disabled', true);
    // It counts down, a second at a time.
    await waitFor(() => expect(resend.textContent).toMatch(/^Resend code in (5[0-8]) s$/), {
      timeout: 4_000,
    });
    // SMS is this account's only second factor: nothing else to offer.
    expect(screen.queryByRole('region', { name: 'Use another method' })).toBeNull();

    type(screen.getByRole('textbox', { name: /MFA code/ }), await portal.server.readCode(phone, 'sms'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectSignedIn(router);
  });
});

describe('the multi-method challenge (issue 25)', () => {
  it(
    'opens on the authenticator app with no code sent; a wrong code, the next one signs in, replayed it is refused',
    SLOW,
    async () => {
      const { email, tokens } = await newUser('totp');
      const { totp } = await enrolAuthenticator(portal.server, tokens.accessToken);
      const { router } = await logIn(email, 'pt-BR');

      expect(
        await screen.findByText('Digite o código de 6 dígitos que o seu aplicativo autenticador mostra.'),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Reenviar código/ })).toBeNull();
      expect(otherMethods('Usar outro método')).toEqual(['Código de recuperação']);
      const code = screen.getByRole('textbox', { name: /Código do aplicativo autenticador/ });
      expect(wrapperOf(code)).toContain('O código muda a cada 30 segundos e só vale uma vez.');

      const right = nextTotpCode(totp);
      const valid = new Set([-1, 0, 1, 2].map((steps) => nextTotpCode(totp, steps)));
      const wrong = ['000000', '111111', '222222'].find((candidate) => !valid.has(candidate)) ?? '333333';
      type(code, wrong);
      fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      await waitFor(() =>
        expect(wrapperOf(code)).toContain('Código de verificação inválido, tente novamente.'),
      );

      type(code, right);
      fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      await expectSignedIn(router);

      // The same code in the next login, still inside its 30 seconds: a code is accepted once.
      await logInAgain(email, 'pt-BR');
      const again = await screen.findByRole('textbox', { name: /Código do aplicativo autenticador/ });
      type(again, right);
      fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      await waitFor(() =>
        expect(wrapperOf(again)).toContain('Código de verificação inválido, tente novamente.'),
      );
      expect(portal.session.isAuthenticated()).toBe(false);
    },
  );

  it(
    'takes a recovery code chosen from the other methods, once; the next login opens on it',
    SLOW,
    async () => {
      const { email, tokens } = await newUser('recovery');
      const { recoveryCodes } = await enrolAuthenticator(portal.server, tokens.accessToken);
      expect(recoveryCodes).toHaveLength(10);
      const { router } = await logIn(email, 'en');

      fireEvent.click(await screen.findByRole('button', { name: 'Recovery code' }));
      expect(
        await screen.findByText(
          'Enter one of the recovery codes you saved when you set up two-step verification.',
        ),
      ).toBeTruthy();
      expect(otherMethods('Use another method')).toEqual(['Authenticator app']);
      const code = screen.getByRole('textbox', { name: /Recovery code/ });
      expect(wrapperOf(code)).toContain('Each recovery code works only once.');
      // Typed as read aloud from paper: upper case, a space for the dash.
      type(code, recoveryCodes[0]!.toUpperCase().replace('-', ' '));
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await expectSignedIn(router);

      // The next login opens on the method used last.
      await logInAgain(email, 'en');
      const again = await screen.findByRole('textbox', { name: /Recovery code/ });
      expect(otherMethods('Use another method')).toEqual(['Authenticator app']);
      type(again, recoveryCodes[0]!);
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() =>
        expect(wrapperOf(again)).toContain('Invalid verification code provided, please try again.'),
      );
      expect(portal.session.isAuthenticated()).toBe(false);
    },
  );

  it('sends the e-mail code only when the person switches to it, with its countdown', SLOW, async () => {
    const { email, tokens } = await newUser('switch');
    await enrolAuthenticator(portal.server, tokens.accessToken);
    const turnedOn = await portal.server.call(
      'PUT',
      '/account/mfa',
      { enabled: true, method: 'email' },
      tokens.accessToken,
    );
    expect(turnedOn.status).toBe(200);
    const { router } = await logIn(email, 'en');

    await screen.findByText('Enter the 6-digit code your authenticator app shows.');
    expect(otherMethods('Use another method')).toEqual(['Code by email', 'Recovery code']);
    await expect(portal.server.readCode(email, 'email', SIGN_IN_CODE)).rejects.toThrow(/no email code/);

    fireEvent.click(screen.getByRole('button', { name: 'Code by email' }));
    expect(await screen.findByText(/^We sent a code by email to s\*+@e\*+\.com\.$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Resend code in (60|59) s$/ })).toHaveProperty(
      'disabled',
      true,
    );
    expect(otherMethods('Use another method')).toEqual(['Authenticator app', 'Recovery code']);

    type(
      screen.getByRole('textbox', { name: /MFA code/ }),
      await portal.server.readCode(email, 'email', SIGN_IN_CODE),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectSignedIn(router);
  });

  it(
    'reopens on the method chosen last when the page is reloaded, without sending another code',
    SLOW,
    async () => {
      const { email, tokens } = await newUser('reload');
      await enrolAuthenticator(portal.server, tokens.accessToken);
      await portal.server.call('PUT', '/account/mfa', { enabled: true, method: 'email' }, tokens.accessToken);
      const first = await logIn(email, 'en');
      await screen.findByText('Enter the 6-digit code your authenticator app shows.');
      fireEvent.click(screen.getByRole('button', { name: 'Code by email' }));
      await screen.findByText(/^We sent a code by email to r\*+@e\*+\.com\.$/);
      const code = await portal.server.readCode(email, 'email', SIGN_IN_CODE);

      // A reload: the same history entry (its path and state) rendered again from nothing.
      const { pathname, state } = first.router.state.location;
      cleanup();
      const { router } = await renderScreen(portal, { pathname, state }, 'en');
      expect(await screen.findByText(/^We sent a code by email to r\*+@e\*+\.com\.$/)).toBeTruthy();
      expect(screen.getByRole('button', { name: /^Resend code in \d+ s$/ })).toHaveProperty('disabled', true);
      expect(otherMethods('Use another method')).toEqual(['Authenticator app', 'Recovery code']);
      // No second code went out: the one already sent still signs in.
      expect(await portal.server.readCode(email, 'email', SIGN_IN_CODE)).toBe(code);
      type(screen.getByRole('textbox', { name: /MFA code/ }), code);
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await expectSignedIn(router);
    },
  );
});
