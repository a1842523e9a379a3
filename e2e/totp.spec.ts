import { expect, type TestInfo, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { BILLING_BASE_URL } from '../playwright.config.ts';
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
import { logInThroughPage, logOutThroughPage } from './support/login.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 25: an authenticator app set up in the Security tab (the test reads the setup code from the dialog
 * and computes the codes, as the person's phone would), then the login's second step with its code, a
 * wrong one refused on the field, and a recovery code chosen from "Use another method". In both
 * languages, at 1280 px and 390 px, axe finds nothing serious on the challenge's screens. On the
 * journeys' second server (no bot protection, see playwright.config.ts).
 */
test.use({ baseURL: BILLING_BASE_URL });

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp?.close());

const PASSWORD = 'an authenticator journey password';
const TEXT = {
  'pt-BR': {
    setUp: 'Configurar aplicativo autenticador',
    appCode: /^Código do aplicativo/,
    turnOn: 'Ativar',
    codesList: 'Seus códigos de recuperação',
    savedCodes: 'Já guardei',
    challenge: 'Verificação em duas etapas',
    totpIntro: 'Digite o código de 6 dígitos que o seu aplicativo autenticador mostra.',
    totpCode: /^Código do aplicativo autenticador/,
    verify: 'Verificar',
    wrongCode: 'Código de verificação inválido, tente novamente.',
    recovery: 'Código de recuperação',
    recoveryIntro:
      'Digite um dos códigos de recuperação que você guardou ao configurar a verificação em duas etapas.',
  },
  en: {
    setUp: 'Set up authenticator app',
    appCode: /^Code from the app/,
    turnOn: 'Turn on',
    codesList: 'Your recovery codes',
    savedCodes: 'I have saved them',
    challenge: 'Two-step verification',
    totpIntro: 'Enter the 6-digit code your authenticator app shows.',
    totpCode: /^Authenticator app code/,
    verify: 'Verify',
    wrongCode: 'Invalid verification code provided, please try again.',
    recovery: 'Recovery code',
    recoveryIntro: 'Enter one of the recovery codes you saved when you set up two-step verification.',
  },
} as const;

for (const language of LANGUAGES) {
  for (const [device, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    test(`authenticator app: set up in Security, then the login's second step — ${language}, ${device}`, async ({
      browser,
    }, testInfo: TestInfo) => {
      test.setTimeout(180_000);
      const text = TEXT[language];
      const email = `totp-${language}-${device}-${Date.now()}@example.com`;
      await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
      const context = await browser.newContext({ locale: language, viewport });
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
      const page = await context.newPage();
      const main = page.locator('main');
      const problems: string[] = [];
      const check = async (name: string) => {
        await takeScreenshot(page, testInfo, `${name}-${language}-${device}`);
        problems.push(...(await seriousViolations(page, `${name} ${language} ${device}`)));
        if (await hasHorizontalOverflow(page))
          problems.push(`${name} ${language} ${device}: scrolls sideways`);
      };

      // Set up: the key as typed into an app by hand, then the app's current code.
      await logInThroughPage(page, email, PASSWORD, '/account/settings?tab=security', language);
      await main.getByRole('button', { name: text.setUp }).click(LOADED);
      const dialog = page.getByRole('dialog');
      const secret = (await dialog.getByTestId('totp-setup-code').textContent())?.replace(/\s/g, '') ?? '';
      const totp = new TOTP({ secret: Secret.fromBase32(secret) });
      await dialog.getByRole('textbox', { name: text.appCode }).fill(totp.generate());
      await dialog.getByRole('button', { name: text.turnOn }).click();
      const codes = page.getByRole('list', { name: text.codesList }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recoveryCodes = await codes.allTextContents();
      await page.getByRole('button', { name: text.savedCodes }).click();

      // The second step opens on the app; a wrong code stays on the field; the next step's code signs in
      // (the current one was spent setting the app up, and a code is accepted once).
      await logOutThroughPage(page);
      await logInThroughPage(page, email, PASSWORD, '/projects', language);
      await expect(main.getByRole('heading', { name: text.challenge })).toBeVisible(LOADED);
      await expect(main.getByText(text.totpIntro)).toBeVisible();
      await check('challenge-totp');
      const code = main.getByRole('textbox', { name: text.totpCode });
      const valid = new Set(
        [-1, 0, 1, 2].map((steps) => totp.generate({ timestamp: Date.now() + steps * 30_000 })),
      );
      await code.fill(['000000', '111111', '222222'].find((candidate) => !valid.has(candidate)) ?? '333333');
      await main.getByRole('button', { name: text.verify }).click();
      await expect(main.getByText(text.wrongCode)).toBeVisible();
      await check('challenge-totp-wrong-code');
      await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await main.getByRole('button', { name: text.verify }).click();
      await expect(page).toHaveURL(/\/projects$/, LOADED);

      // A lost phone: a recovery code, chosen from the other methods.
      await logOutThroughPage(page);
      await logInThroughPage(page, email, PASSWORD, '/projects', language);
      await main.getByRole('button', { name: text.recovery }).click(LOADED);
      await expect(main.getByText(text.recoveryIntro)).toBeVisible();
      await check('challenge-recovery');
      await main.getByRole('textbox', { name: text.recovery }).fill(recoveryCodes[0] ?? '');
      await main.getByRole('button', { name: text.verify }).click();
      await expect(page).toHaveURL(/\/projects$/, LOADED);

      expect(problems).toEqual([]);
      await context.close();
    });
  }
}
