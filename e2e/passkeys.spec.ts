import { type CDPSession, expect, type Page, type TestInfo, test } from '@playwright/test';
import { signUpThroughApi } from './support/api.ts';
import {
  DESKTOP,
  hasHorizontalOverflow,
  LANGUAGES,
  LOADED,
  PHONE,
  seriousViolations,
  takeScreenshot,
} from './support/axe.ts';
import { type LocalhostPortal, startLocalhostPortal } from './support/localhost-portal.ts';
import { logInThroughPage, logOutThroughPage } from './support/login.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 25: a passkey made in the Security tab by Chromium's virtual authenticator (the DevTools
 * protocol's WebAuthn domain: a platform authenticator that keeps discoverable credentials and verifies
 * the user without a prompt) answers the login's second step, then signs in with no password at all. In
 * both languages, at 1280 px and 390 px, axe finds nothing serious on the screens on the way.
 */
let smtp: SmtpServer;
let portal: LocalhostPortal;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
  portal = await startLocalhostPortal();
});
test.afterAll(async () => {
  await portal?.close();
  await smtp?.close();
});

const PASSWORD = 'a passkey journey password';
const TEXT = {
  'pt-BR': {
    addPasskey: 'Adicionar passkey',
    continue: 'Continuar',
    savedCodes: 'Já guardei',
    challenge: 'Verificação em duas etapas',
    passkeyIntro: 'Use uma passkey salva neste dispositivo ou no seu celular.',
    usePasskey: 'Usar passkey',
    otherMethods: 'Usar outro método',
    recovery: 'Código de recuperação',
    dismissed: 'Nenhuma passkey foi usada. Tente de novo quando quiser, ou escolha outra forma de entrar.',
    signInWithPasskey: 'Entrar com passkey',
  },
  en: {
    addPasskey: 'Add a passkey',
    continue: 'Continue',
    savedCodes: 'I have saved them',
    challenge: 'Two-step verification',
    passkeyIntro: 'Use a passkey saved on this device or on your phone.',
    usePasskey: 'Use a passkey',
    otherMethods: 'Use another method',
    recovery: 'Recovery code',
    dismissed: 'No passkey was used. Try again when you are ready, or choose another way to sign in.',
    signInWithPasskey: 'Sign in with a passkey',
  },
} as const;

type Authenticator = { cdp: CDPSession; authenticatorId: string };

/** Chromium's virtual authenticator on this page: it creates and uses passkeys without a dialog. */
async function addVirtualAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

for (const language of LANGUAGES) {
  for (const [device, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    test(`passkey: registered in Security, second factor, then no password — ${language}, ${device}`, async ({
      browser,
    }, testInfo: TestInfo) => {
      test.setTimeout(180_000);
      const text = TEXT[language];
      const email = `passkey-${language}-${device}-${Date.now()}@example.com`.toLowerCase();
      await signUpThroughApi(portal.baseURL, smtp, email, PASSWORD);
      const context = await browser.newContext({ baseURL: portal.baseURL, locale: language, viewport });
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
      const page = await context.newPage();
      const main = page.locator('main');
      const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
      const problems: string[] = [];
      const check = async (name: string) => {
        await takeScreenshot(page, testInfo, `${name}-${language}-${device}`);
        problems.push(...(await seriousViolations(page, `${name} ${language} ${device}`)));
        if (await hasHorizontalOverflow(page))
          problems.push(`${name} ${language} ${device}: scrolls sideways`);
      };

      // Register: the Security tab names it, the authenticator makes it, the first strong factor brings codes.
      await logInThroughPage(page, email, PASSWORD, '/account/settings?tab=security', language);
      await main.getByRole('button', { name: text.addPasskey }).click(LOADED);
      await page.getByRole('dialog').getByRole('button', { name: text.continue }).click();
      await page.getByRole('button', { name: text.savedCodes }).click();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]?.isResidentCredential).toBe(true);

      // Second factor: the password, then the passkey the challenge opens on.
      await logOutThroughPage(page);
      await logInThroughPage(page, email, PASSWORD, '/projects', language);
      await expect(main.getByRole('heading', { name: text.challenge })).toBeVisible(LOADED);
      await expect(main.getByText(text.passkeyIntro)).toBeVisible();
      await expect(main.getByRole('region', { name: text.otherMethods }).getByRole('button')).toHaveText([
        text.recovery,
      ]);
      await expect(main.getByRole('button', { name: text.usePasskey })).toBeEnabled();
      await check('challenge-passkey');

      // The browser's dialog ends with no passkey (here the virtual authenticator fails the user's
      // verification: the browser answers NotAllowedError, as for a dismissed dialog): a calm word, no red.
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
      await main.getByRole('button', { name: text.usePasskey }).click();
      await expect(main.getByRole('status')).toHaveText(text.dismissed);
      await expect(main.getByRole('alert')).toHaveCount(0);
      await check('challenge-passkey-dismissed');

      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
      await main.getByRole('button', { name: text.usePasskey }).click();
      await expect(page).toHaveURL(/\/projects$/, LOADED);

      // No password: "Entrar com passkey" on the login page, a discoverable credential, no second step.
      await logOutThroughPage(page);
      await page.goto('/auth/login?redirect=%2Fprojects');
      const signIn = main.getByRole('button', { name: text.signInWithPasskey });
      await expect(signIn).toBeVisible(LOADED);
      await check('login-with-passkey');
      await signIn.click();
      await expect(page).toHaveURL(/\/projects$/, LOADED);
      // Signed in as the passkey's owner, named by the credential alone.
      const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
      expect(user?.email).toBe(email);

      expect(problems).toEqual([]);
      await context.close();
    });
  }
}
