import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, request, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { createKeyThroughApi, postApi, signUpThroughApi } from './support/api.ts';
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
 * Issue 26's LGPD self-service in the browser, on the billing journey's server (no bot protection, mail to a
 * real SMTP server on loopback): "Download my data" prepares the file off the request path and e-mails a
 * link whose page saves it; "Close my account" signs out to the date, stops the organization's token at once,
 * and signing in again cancels the closure, says so and lets the token work again. Then axe and screenshots
 * of every privacy screen at 1280 and 390 px in both languages.
 */
test.use({ baseURL: BILLING_BASE_URL });

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

const PASSWORD = 'privacy journey password';
const QUOTE = '/quotes/json/last/USD-BRL';
const EXPORT_MAIL = /prontos para baixar|ready to download/;
const CLOSURE_CODE_MAIL = /Confirme o encerramento|Confirm closing/;

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: BILLING_BASE_URL,
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  return context.newPage();
}

/** The quotes API called with the token, as the customer's program would. */
async function callWithToken(secret: string) {
  const client = await request.newContext({ baseURL: BILLING_BASE_URL });
  try {
    const response = await client.get(`${QUOTE}?token=${secret}`);
    return { status: response.status(), body: await response.json() };
  } finally {
    await client.dispose();
  }
}

/** The e-mailed link's path, without the server's origin. */
async function exportLinkPath(email: string): Promise<string> {
  const mail = await smtp.waitForMail(email, EXPORT_MAIL, 30_000);
  const link = /https?:\/\/\S+\/account\/data-export\/[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return (link as string).replace(/^https?:\/\/[^/]+/, '');
}

/** A POST with the Bearer token from a client of its own: no cookie, so no XSRF check applies. */
async function postWithToken(path: string, token: string, data?: object) {
  const client = await request.newContext({ baseURL: BILLING_BASE_URL });
  try {
    const response = await client.post(path, { headers: { authorization: `Bearer ${token}` }, data });
    return { status: response.status(), body: await response.text() };
  } finally {
    await client.dispose();
  }
}

/** Closes the account through the API with the e-mailed code (as another tab would). */
async function closeThroughApi(email: string) {
  const login = await postApi(BILLING_BASE_URL, '/api/auth/login', { email, password: PASSWORD });
  expect(login.status, login.body).toBe(200);
  const token = JSON.parse(login.body).accessToken as string;
  const before = smtp.countTo(email);
  expect((await postWithToken('/api/account/close/code', token)).status).toBe(200);
  const code = await smtp.waitForCodeAbout(email, CLOSURE_CODE_MAIL, before);
  const closed = await postWithToken('/api/account/close', token, { password: PASSWORD, code });
  expect(closed.status, closed.body).toBe(200);
}

const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

const logIn = (page: Page, email: string, path: string, language: 'pt-BR' | 'en' = 'pt-BR') =>
  logInThroughPage(page, email, PASSWORD, path, language);

test('download my data by the e-mailed link; close the account; signing in again cancels it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `privacy-${Date.now()}@example.com`;
  await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
  const key = await createKeyThroughApi(BILLING_BASE_URL, email, PASSWORD);
  expect((await callWithToken(key.secret)).status).toBe(200);

  const page = await newPage(browser);
  await logIn(page, email, '/account/settings?tab=privacy');
  const main = page.locator('main');
  await expect(page.getByRole('tab', { name: 'Privacidade', selected: true })).toBeVisible(LOADED);

  // Download my data: prepared off the request path, linked by e-mail.
  await main.getByRole('button', { name: 'Baixar meus dados' }).click();
  await expect(main.getByText(/Preparando seu arquivo/)).toBeVisible();
  const linkPath = await exportLinkPath(email);
  await expect(main.getByText('Seu arquivo está pronto')).toBeVisible(LOADED);
  await page.goto(linkPath);
  const save = main.getByRole('button', { name: 'Salvar o arquivo' });
  await expect(save).toBeVisible(LOADED);
  const downloading = page.waitForEvent('download');
  await save.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cotacep-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
  expect(data.profile.email).toBe(email);
  expect(data.apiKeysCreated[0].prefix).toBe(key.key.prefix);
  expect(JSON.stringify(data)).not.toContain(key.secret);

  // Close my account: the password and the e-mailed code.
  await page.goto('/account/settings?tab=privacy');
  await main.getByRole('button', { name: 'Encerrar conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Encerrar sua conta' });
  const before = smtp.countTo(email);
  await dialog.getByRole('button', { name: 'Enviar código por e-mail' }).click();
  const code = await smtp.waitForCodeAbout(email, CLOSURE_CODE_MAIL, before);
  await dialog.getByLabel(/^Senha/).fill(PASSWORD);
  await dialog.getByRole('textbox', { name: /Código enviado por e-mail/ }).fill(code);
  await dialog.getByRole('button', { name: 'Encerrar minha conta' }).click();

  // Signed out, to the page with the date and the way back.
  await expect(page).toHaveURL(/\/account\/closed\?on=/, LOADED);
  await expect(main.getByRole('heading', { level: 1, name: 'Sua conta está sendo encerrada' })).toBeVisible();
  await expect(main.getByText(/Entre na sua conta antes de \d+ de \S+ de \d{4}/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await smtp.waitForMail(email, /será encerrada em/);
  const stopped = await callWithToken(key.secret);
  expect(stopped.status).toBe(403);
  expect(stopped.body.code).toBe('organization_keys_stopped');

  // Signing in again cancels the closure: the site says so and the token works at once.
  await main.getByRole('link', { name: 'Entrar' }).click();
  await logIn(page, email, '/dashboard');
  const notice = page.getByRole('status').filter({ hasText: 'O encerramento da sua conta foi cancelado' });
  await expect(notice).toBeVisible(LOADED);
  expect((await callWithToken(key.secret)).status).toBe(200);
  // Closed, it stays closed on the next page.
  await notice.getByRole('button', { name: 'Fechar' }).click();
  await expect(notice).toBeHidden();
  await page.goto('/account/settings');
  await expect(page.getByRole('tab', { name: 'Perfil', selected: true })).toBeVisible(LOADED);
  await expect(page.getByText('O encerramento da sua conta foi cancelado')).toBeHidden();
  await page.context().close();
});

/** The Privacy tab, the closing dialog, the download page, the closed page and the notice: both widths and languages. */
test('screenshots and axe of the privacy screens', async ({ browser }, testInfo) => {
  test.setTimeout(420_000);
  const email = `privacy-shots-${Date.now()}@example.com`;
  await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
  const page = await newPage(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, email, '/account/settings?tab=privacy');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const linkPath = await exportLinkPath(email);
  const closedPath = `/account/closed?on=${encodeURIComponent(new Date(Date.now() + 30 * 86_400_000).toISOString())}`;

  const problems: string[] = [];
  const check = async (name: string, options: { fullPage?: boolean } = {}) => {
    await takeScreenshot(page, testInfo, name, options);
    problems.push(...(await seriousViolations(page, name)));
    if (await hasHorizontalOverflow(page)) problems.push(`${name}: scrolls sideways`);
  };
  for (const language of LANGUAGES) {
    for (const [device, size] of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/account/settings?tab=privacy&lng=${language}`);
      await expect(page.getByRole('link', { name: /^(Baixar o arquivo|Download the file)$/ })).toBeVisible(
        LOADED,
      );
      await check(`privacy-tab-${language}-${device}`);

      await page.getByRole('button', { name: /^(Encerrar conta|Close my account)$/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByRole('button', { name: /^(Enviar código por e-mail|Send code by e-mail)$/ }),
      ).toBeVisible();
      await check(`close-dialog-${language}-${device}`, { fullPage: false });
      await page.keyboard.press('Escape');

      await page.goto(`${linkPath}?lng=${language}`);
      await expect(page.getByRole('button', { name: /^(Salvar o arquivo|Save the file)$/ })).toBeVisible(
        LOADED,
      );
      await check(`data-export-page-${language}-${device}`);

      await page.goto(`${closedPath}&lng=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
      await check(`account-closed-${language}-${device}`);
    }
  }

  // The notice after a sign-in that cancelled a closure: one account per language (a closure code each, and
  // codes to one address wait a minute between them).
  for (const language of LANGUAGES) {
    const closing = `privacy-shots-${language}-${Date.now()}@example.com`;
    await signUpThroughApi(BILLING_BASE_URL, smtp, closing, PASSWORD);
    await closeThroughApi(closing);
    await page.setViewportSize(DESKTOP);
    await logOutThroughPage(page);
    await page.goto(`/?lng=${language}`);
    await logIn(page, closing, '/dashboard', language);
    const notice = page.getByRole('status').filter({
      hasText: /O encerramento da sua conta foi cancelado|Your account closure was cancelled/,
    });
    await expect(notice).toBeVisible(LOADED);
    for (const [device, size] of SIZES) {
      await page.setViewportSize(size);
      await check(`closure-cancelled-${language}-${device}`, { fullPage: false });
    }
  }
  expect(problems).toEqual([]);
  await page.context().close();
});
