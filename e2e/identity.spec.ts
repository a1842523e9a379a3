import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request, test } from '@playwright/test';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

// The e2e server (playwright.config.ts) sends its e-mail here and runs the default bot protection, ALTCHA,
// whose proof of work every protected form below solves in Chromium.
let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

/** A protected form solves the proof of work on submit; on a loaded 2-core machine that can take 10 s and more. */
const AFTER_PROOF_OF_WORK = { timeout: 30_000 };

const ASKED_FOR = '/account/settings?tab=security';
const backAtAskedFor = /\/account\/settings\?tab=security$/;

async function logOut(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

async function submitLogin(page: Page, password: string) {
  const main = page.locator('main');
  await main.getByLabel(/^Senha/).fill(password);
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/**
 * The MFA code of this challenge. One code per address per 60 s: when the previous code went out less than
 * a minute ago the server holds this one back, and the page counts down until "Reenviar código" may be used.
 */
async function answerChallenge(page: Page, email: string, seen: number) {
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible(
    AFTER_PROOF_OF_WORK,
  );
  await expect(main.getByText(/^Enviamos um código por e-mail para \w\*+@/)).toBeVisible();
  const resend = main.getByRole('button', { name: /^Reenviar código/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Reenviar código em \d{1,2} s$/);
  let sent = await smtp.waitForCode(email, seen, 3_000).catch(() => null);
  if (!sent) {
    await expect(resend).toBeEnabled({ timeout: 65_000 });
    await resend.click();
    await expect(resend).toHaveText(/^Reenviar código em \d{1,2} s$/);
    sent = await smtp.waitForCode(email, seen);
  }
  expect(sent.mail.subject).toContain('Seu código de acesso');
  await main.getByLabel(/^Código MFA/).fill(sent.code);
  await main.getByRole('button', { name: 'Verificar' }).click();
}

test('sign up → confirm by e-mail (signed in) → e-mail MFA → change password → reset it → back where asked', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = `journey-${Date.now()}@example.com`;
  const main = page.locator('main');

  // Anonymous, a protected page sends the visitor to log in; they have no account yet.
  await page.goto(ASKED_FOR);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount%2Fsettings%3Ftab%3Dsecurity$/);
  await main.getByRole('link', { name: 'Criar conta' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();

  await main.getByLabel(/^Nome/).fill('Jô');
  await main.getByLabel(/^Sobrenome/).fill('Jornada');
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByLabel(/^Senha/).fill('first journey password');
  await main.getByLabel(/^Confirmar senha/).fill('first journey password');
  await main.getByRole('button', { name: 'Criar conta' }).click();

  // The code comes by e-mail, from a real SMTP conversation.
  await expect(page).toHaveURL(/\/auth\/signup\/confirm\?/, AFTER_PROOF_OF_WORK);
  await expect(main.getByText(/^Digite o código que enviamos para j\*+@/)).toBeVisible();
  const signupMail = await smtp.waitForCode(email, 0);
  expect(signupMail.mail.subject).toContain('Confirme sua conta');
  expect(signupMail.mail.text).toContain(`/auth/signup/confirm?email=${encodeURIComponent(email)}`);
  await main.getByLabel(/^Código/).fill(signupMail.code);
  await main.getByRole('button', { name: 'Confirmar' }).click();

  // Confirming in the browser that signed up signs in (issue 23): no password, no proof of work again.
  await expect(page).toHaveURL(backAtAskedFor);
  await expect(page.getByRole('button', { name: 'Jô' })).toBeVisible();

  // Turn on two-step verification by e-mail.
  await main.getByRole('switch', { name: 'Ativar verificação em duas etapas' }).check();
  await expect(main.getByRole('radio', { name: 'E-mail' })).toBeChecked();
  await main.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Salvo com sucesso')).toBeVisible();
  await logOut(page, 'Jô');

  // The next login asks for the code sent by e-mail.
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await submitLogin(page, 'first journey password');
  await answerChallenge(page, email, 1);
  // Signing in lands on the dashboard (issue 23).
  await expect(page).toHaveURL(/\/dashboard$/);

  // Change the password in Security.
  await page.goto(ASKED_FOR);
  await main.getByLabel(/^Senha atual/).fill('first journey password');
  await main.getByLabel(/^Nova senha/).fill('second journey password');
  await main.getByLabel(/^Confirmar senha/).fill('second journey password');
  await main.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Salvo com sucesso')).toBeVisible();
  await logOut(page, 'Jô');

  // Forgotten anyway: reset it with a code by e-mail, starting from the page asked for.
  await page.goto(ASKED_FOR);
  await main.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  // The page is a lazy route: until it arrives the login page (with its own E-mail field) is still shown.
  await expect(main.getByRole('heading', { level: 1, name: 'Esqueceu a senha?' })).toBeVisible();
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password\?/, AFTER_PROOF_OF_WORK);
  await expect(main.getByRole('status')).toContainText('Se houver uma conta com este e-mail');
  const resetMail = await smtp.waitForCode(email, 2);
  expect(resetMail.mail.subject).toContain('Redefina sua senha');
  await main.getByLabel(/^Código/).fill(resetMail.code);
  await main.getByLabel(/^Nova senha/).fill('third journey password');
  await main.getByLabel(/^Confirmar senha/).fill('third journey password');
  await main.getByRole('button', { name: 'Redefinir senha' }).click();

  await expect(main.getByRole('status')).toHaveText(
    'Senha redefinida com sucesso, você já pode entrar com sua nova senha.',
  );
  await submitLogin(page, 'second journey password');
  await expect(main.getByRole('alert')).toHaveText('E-mail ou senha incorretos.', AFTER_PROOF_OF_WORK);
  await submitLogin(page, 'third journey password');
  await answerChallenge(page, email, 3);

  // Back on the page first asked for, signed in.
  await expect(page).toHaveURL(backAtAskedFor);
  await expect(main.getByRole('tab', { name: 'Segurança', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Jô' })).toBeVisible();
});

test('identity screens and dialogs have no serious accessibility violations', async ({ browser }) => {
  // Seven axe scans and a proof of work: a loaded two-core machine needs more than the default minute.
  test.setTimeout(180_000);
  const context = await browser.newContext({ locale: 'pt-BR' });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  const page = await context.newPage();
  const main = page.locator('main');
  const serious: string[] = [];
  const check = async (label: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      serious.push(`${label} ${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`);
    }
  };

  for (const path of [
    '/auth/signup',
    '/auth/signup/confirm?email=ana%40example.com',
    '/auth/forget-password',
    '/auth/reset-password?email=ana%40example.com',
    '/auth/login/challenge',
  ]) {
    await page.goto(path);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await check(path);
  }

  // The bot-protection widget, as it shows once the proof of work is done.
  await page.goto('/auth/login?redirect=%2Faccount%2Fsettings');
  await main.getByRole('textbox', { name: 'E-mail' }).fill('demo@cotacep.dev');
  await expect(main.getByText('Verificado')).toBeVisible(AFTER_PROOF_OF_WORK);
  await check('/auth/login (verified)');
  await submitLogin(page, 'cotacep-demo');
  await expect(page).toHaveURL(/\/account\/settings$/);

  await main.getByRole('button', { name: 'Alterar e-mail' }).click();
  await expect(page.getByRole('dialog', { name: 'Alterar e-mail' })).toBeVisible();
  await check('e-mail dialog');
  await page.keyboard.press('Escape');
  await main.getByRole('tab', { name: 'Segurança' }).click();
  await main.getByText('SMS', { exact: true }).click();
  await expect(main.getByText(/Nenhum número de telefone está configurado para o MFA por SMS/)).toBeVisible();
  await check('security, SMS without a phone');

  expect(serious).toEqual([]);
  await context.close();
});

test('confirmation signs in: the mailed code opens the dashboard, with no password typed again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `confirmed-${Date.now()}@example.com`;
  const main = page.locator('main');

  await page.goto('/auth/signup');
  await main.getByLabel(/^Nome/).fill('Cora');
  await main.getByLabel(/^Sobrenome/).fill('Confirma');
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByLabel(/^Senha/).fill('confirmed journey password');
  await main.getByLabel(/^Confirmar senha/).fill('confirmed journey password');
  await main.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/auth\/signup\/confirm\?/, AFTER_PROOF_OF_WORK);

  const { code } = await smtp.waitForCode(email, 0);
  await main.getByLabel(/^Código/).fill(code);
  await main.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Conta confirmada. Boas-vindas!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cora' })).toBeVisible();
  // The MFA rule of the login applies too: an account with MFA on would get the challenge here
  // (apps/server signup-routes.happy.test.ts); a new account has it off.
});

test('a revoked session reaches the login: ended from another device, the page asks to sign in again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const main = page.locator('main');
  // The header's account menu (a project may be called "Demo" too).
  const accountMenu = page.locator('header').getByRole('button', { name: 'Demo' });
  await page.goto('/auth/login?redirect=%2Fprojects');
  await main.getByRole('textbox', { name: 'E-mail' }).fill('demo@cotacep.dev');
  await submitLogin(page, 'cotacep-demo');
  await expect(page).toHaveURL(/\/projects$/, AFTER_PROOF_OF_WORK);
  await expect(accountMenu).toBeVisible();

  // Another device signs in and ends this browser's session through the sessions endpoint.
  const other = await browser.newContext({ locale: 'pt-BR' });
  const otherPage = await other.newPage();
  await otherPage.goto('/auth/login');
  await otherPage.locator('main').getByRole('textbox', { name: 'E-mail' }).fill('demo@cotacep.dev');
  await submitLogin(otherPage, 'cotacep-demo');
  await expect(otherPage).toHaveURL(/\/dashboard$/, AFTER_PROOF_OF_WORK);
  const otherToken = await otherPage.evaluate(() => localStorage.getItem('token'));
  const thisToken = await page.evaluate(() => localStorage.getItem('token'));
  const sid = JSON.parse(Buffer.from(thisToken!.split('.')[1]!, 'base64url').toString()).sid as string;
  const api = await request.newContext({ baseURL });
  const ended = await api.delete(`/api/account/sessions/${sid}`, {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(ended.status()).toBe(204);
  await api.dispose();
  await other.close();

  // A reload still finds the token in storage; the server's 401 clears it and the login says why.
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprojects$/);
  await expect(main.getByRole('status')).toHaveText(
    'Sua sessão foi encerrada. Entre novamente para continuar.',
  );
  await expect(accountMenu).toHaveCount(0);
  await expect(main.getByText('Autenticação necessária')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await main.getByRole('textbox', { name: 'E-mail' }).fill('demo@cotacep.dev');
  await submitLogin(page, 'cotacep-demo');
  await expect(page).toHaveURL(/\/projects$/, AFTER_PROOF_OF_WORK);
  await expect(accountMenu).toBeVisible();
});
