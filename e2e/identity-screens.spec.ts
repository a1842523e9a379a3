import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Screenshots of every identity screen and dialog, pt-BR and en, desktop and a 390 px phone, for a person
 * to look at: `SHOTS_DIR=/tmp/shots-identity node scripts/e2e.mjs e2e/identity-screens.spec.ts`.
 * Each step still asserts what it shows, so a broken screen fails here too.
 */
const shotsDir = process.env.SHOTS_DIR;
test.skip(!shotsDir, 'set SHOTS_DIR to take the identity screenshots');

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp?.close());

const TEXT = {
  'pt-BR': {
    login: 'Entrar',
    signup: 'Criar conta',
    confirm: 'Confirmar',
    change: 'Alterar e-mail',
    addPhone: 'Adicionar telefone',
    sendCode: 'Enviar código',
    close: 'Cancelar',
    security: 'Segurança',
    sms: 'SMS',
    changePassword: 'Alterar senha',
    verify: 'Verificar',
    forgot: 'Esqueceu a senha?',
    taken: 'Já existe uma conta com o e-mail informado.',
    email: 'E-mail',
    mfaOn: 'Ativar verificação em duas etapas',
    save: 'Salvar',
    wrongCode: 'Código de verificação inválido, tente novamente.',
  },
  en: {
    login: 'Log In',
    signup: 'Sign Up',
    confirm: 'Confirm',
    change: 'Change email',
    addPhone: 'Add phone number',
    sendCode: 'Send code',
    close: 'Cancel',
    security: 'Security',
    sms: 'SMS',
    changePassword: 'Change password',
    verify: 'Verify',
    forgot: 'Forgot password?',
    taken: 'An account with the given email already exists.',
    email: 'Email',
    mfaOn: 'Turn on two-step verification',
    save: 'Save',
    wrongCode: 'Invalid verification code provided, please try again.',
  },
} as const;

const VIEWPORTS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } };

for (const language of ['pt-BR', 'en'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`identity screens, ${language}, ${device}`, async ({ browser }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ locale: language, viewport });
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
      const page = await context.newPage();
      const text = TEXT[language];
      const main = page.locator('main');
      let count = 0;
      const dir = path.join(shotsDir!, `${language}-${device}`);
      mkdirSync(dir, { recursive: true });
      const shot = async (name: string) => {
        count += 1;
        // The sticky header would otherwise sit wherever the page was scrolled to.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(dir, `${String(count).padStart(2, '0')}-${name}.png`),
          fullPage: true,
        });
      };
      const stamp = `${language}-${device}-${Date.now()}`.toLowerCase();
      const fresh = `screens-${stamp}@example.com`;
      const unconfirmed = `unconfirmed-${stamp}@example.com`;

      await page.goto('/auth/login');
      await expect(main.getByRole('heading', { level: 1, name: text.login })).toBeVisible();
      await shot('login');
      await main.getByRole('textbox', { name: /mail/i }).focus();
      await expect(main.getByText(language === 'en' ? 'Verified' : 'Verificado')).toBeVisible({
        timeout: 30_000,
      });
      await shot('login-verified');
      await main.getByRole('button', { name: text.login, exact: true }).click();
      await expect(main.getByText(/e-?mail/i).nth(1)).toBeVisible();
      await shot('login-empty-submit');

      await signUp(page, text.signup, unconfirmed, 'Ana');
      await expect(page).toHaveURL(/\/auth\/signup\/confirm/);
      await shot('signup-confirm');

      await page.goto('/auth/login');
      await main.getByRole('textbox', { name: /mail/i }).fill(unconfirmed);
      await main.getByLabel(/^(Senha|Password)/).fill('screens password 1');
      await main.getByRole('button', { name: text.login, exact: true }).click();
      await expect(main.getByRole('alert')).toHaveText(
        language === 'en' ? 'This e-mail is not confirmed yet.' : 'Este e-mail ainda não foi confirmado.',
      );
      await shot('login-unconfirmed');

      await page.goto('/auth/signup');
      await main.getByRole('button', { name: text.signup }).click();
      await shot('signup-empty-submit');
      await signUp(page, text.signup, fresh, 'Bia', async () => shot('signup-filled'));
      const { code } = await smtp.waitForCode(fresh, 0);
      await main.getByLabel(/^(Código|Code)/).fill(code);
      // Confirming in the browser that signed up signs in and opens the dashboard (issue 23).
      await main.getByRole('button', { name: text.confirm }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await shot('dashboard-after-confirmation');
      await page.goto('/account');
      await expect(main.getByRole('button', { name: text.change })).toBeVisible();
      await shot('account-profile');

      await main.getByRole('button', { name: text.change }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill(fresh);
      await dialog.getByRole('button', { name: text.sendCode }).click();
      await expect(dialog.getByText(text.taken)).toBeVisible();
      await shot('email-dialog-taken');
      await dialog.getByRole('textbox').fill(`new-${fresh}`);
      await dialog.getByRole('button', { name: text.sendCode }).click();
      await expect(dialog.getByRole('status')).toBeVisible();
      await shot('email-dialog-code');
      await dialog.getByRole('button', { name: text.verify }).click();
      await shot('email-dialog-empty-code');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await shot('account-profile-pending-email');

      await main.getByRole('button', { name: text.addPhone }).click();
      await page.getByRole('dialog').getByRole('textbox').fill('11 98765-4321');
      await page.getByRole('dialog').getByRole('button', { name: text.sendCode }).click();
      await shot('phone-dialog-invalid');
      await page
        .getByRole('dialog')
        .getByRole('textbox')
        .fill(`+55119${String(Date.now()).slice(-8)}`);
      await page.getByRole('dialog').getByRole('button', { name: text.sendCode }).click();
      await expect(page.getByRole('dialog').getByRole('status')).toBeVisible();
      await shot('phone-dialog-code');
      await page.keyboard.press('Escape');
      await shot('account-profile-pending-both');

      await main.getByRole('tab', { name: text.security }).click();
      await main.getByText(text.sms, { exact: true }).click();
      await expect(main.getByRole('status')).toBeVisible();
      await shot('security-sms-needs-phone');
      await main.getByLabel(/^(Senha atual|Current Password)/).fill('screens password 1');
      await main.getByLabel(/^(Nova senha|New Password)/).fill('screens password 1');
      await main.getByLabel(/^(Confirmar senha|Confirm Password)/).fill('screens password 2');
      await main.getByRole('button', { name: text.changePassword }).click();
      await shot('security-password-errors');
      await main.getByText(text.email, { exact: true }).click();
      await main.getByRole('switch', { name: text.mfaOn }).check();
      await main.getByRole('button', { name: text.save }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: language === 'en' ? 'Saved' : 'Salvo' }),
      ).toBeVisible();
      await shot('security-mfa-saved');

      await page.goto('/auth/logout');
      await main.getByRole('textbox', { name: /mail/i }).fill(fresh);
      await main.getByLabel(/^(Senha|Password)/).fill('screens password 1');
      await main.getByRole('button', { name: text.login, exact: true }).click();
      await expect(page).toHaveURL(/\/auth\/login\/challenge$/);
      await smtp.waitForCode(fresh, 1);
      await shot('challenge');
      await main.getByLabel(/^(Código MFA|MFA code)/).fill('000000');
      await main.getByRole('button', { name: text.verify }).click();
      await expect(main.getByText(text.wrongCode)).toBeVisible();
      await shot('challenge-wrong-code');
      await page.goto('/auth/logout');

      await page.goto('/auth/forget-password');
      await shot('forgot-password');
      await main.getByRole('textbox').fill(fresh);
      await main.getByRole('button', { name: text.sendCode }).click();
      await expect(page).toHaveURL(/\/auth\/reset-password/);
      await shot('reset-password');
      await main
        .getByRole('button', { name: language === 'en' ? 'Reset Password' : 'Redefinir senha' })
        .click();
      await shot('reset-password-empty-submit');
      await context.close();
    });
  }
}

async function signUp(
  page: Page,
  submit: string,
  email: string,
  name: string,
  beforeSubmit?: () => Promise<void>,
) {
  const main = page.locator('main');
  await page.goto('/auth/signup');
  await main.getByLabel(/^(Nome|First Name)/).fill(name);
  await main.getByLabel(/^(Sobrenome|Last Name)/).fill('Tela');
  await main.getByRole('textbox', { name: /mail/i }).fill(email);
  await main.getByLabel(/^(Senha|Password)/).fill('screens password 1');
  await main.getByLabel(/^(Confirmar senha|Confirm Password)/).fill('screens password 1');
  await beforeSubmit?.();
  await main.getByRole('button', { name: submit }).click();
}
