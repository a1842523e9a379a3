import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/api.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 13 in the browser, on the journeys' second server (no bot protection, see playwright.config.ts): a
 * customer with two keys calls the API with both; the dashboard's "today" moves without a reload; filtered by
 * one key, the table and the CSV show only that key's calls.
 */
test.use({ baseURL: BILLING_BASE_URL });

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

const PASSWORD = 'dashboard journey password';

async function createKey(page: Page, description: string): Promise<string> {
  await page.getByRole('button', { name: 'Criar token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Descrição' }).fill(description);
  await dialog.getByRole('textbox', { name: 'Origens permitidas' }).fill('*');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  const secret = (await dialog.getByTestId('new-secret').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Pronto' }).click();
  return secret;
}

async function call(page: Page, secret: string, times: number) {
  for (let index = 0; index < times; index++) {
    const response = await page.request.get(`/quotes/json/last/USD-BRL?token=${secret}`);
    expect(response.status()).toBe(200);
  }
}

test('two keys: today moves without a reload, and one key’s filter narrows the table and the CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `dashboard-journey-${Date.now()}@example.com`;
  const main = page.locator('main');
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
  await page.goto(`/auth/login?redirect=${encodeURIComponent('/account/settings?tab=tokens')}`);
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByLabel(/^Senha/).fill(PASSWORD);
  await main.getByRole('button', { name: 'Entrar' }).click();
  const shop = await createKey(page, 'Loja');
  const app = await createKey(page, 'Aplicativo');

  await page.goto('/dashboard');
  const today = main.getByRole('region', { name: 'Requisições hoje' });
  await expect(today).toHaveText(/^Requisições hoje\s*0$/);
  await call(page, shop, 3);
  await call(page, app, 2);
  // No reload and no click: the dashboard refetches usage every 30 s while visible.
  await expect(today).toHaveText(/^Requisições hoje\s*5$/, { timeout: 40_000 });

  await main.getByLabel('Chave', { exact: true }).click();
  await page.getByRole('option', { name: /^Loja/ }).click();
  await expect(page).toHaveURL(/[?&]keyId=[0-9a-f-]{36}/);
  await expect(today).toHaveText(/^Requisições hoje\s*3$/);
  await main.getByText('Tabela', { exact: true }).click();
  const lastDay = main.getByRole('table').getByRole('row').last();
  await expect(lastDay.getByRole('cell').last()).toHaveText('3');

  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cotacep-usage-days-key-.+\.csv$/);
  const csv = readFileSync((await file.path()) as string, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const day = new Date().toISOString().slice(0, 10);
  const rows = csv.slice(1).trim().split(/\r?\n/);
  expect(rows[0]).toMatch(/^data;status;requisi/);
  expect(rows.filter((row) => row.startsWith(`${day};`))).toEqual([`${day};200;3`]);
});
