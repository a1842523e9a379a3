import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/api.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 13 in the browser, on the journeys' second server (no bot protection, see playwright.config.ts): a
 * customer with two keys calls the API with both; the dashboard's "today" moves without a reload; filtered by
 * one key, the table and the CSV show only that key's calls. Issue 23: the Months view of a new account has
 * its one month, the quota as a line and a legend in words; its table fits a wide screen without an inner
 * scroll and, on a phone, keeps the total in view and says it scrolls sideways.
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
  test.setTimeout(240_000);
  const email = `dashboard-journey-${Date.now()}@example.com`;
  const main = page.locator('main');
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
  await page.goto(`/auth/login?redirect=${encodeURIComponent('/account/settings?tab=tokens')}`);
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByLabel(/^Senha/).fill(PASSWORD);
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
  const shop = await createKey(page, 'Loja');
  const app = await createKey(page, 'Aplicativo');

  await page.goto('/dashboard');
  const today = main.getByRole('region', { name: 'Requisições hoje' });
  await expect(today).toHaveText(/^Requisições hoje\s*0$/);
  await call(page, shop, 3);
  await call(page, app, 2);
  // No reload and no click: the dashboard refetches usage every 30 s while visible.
  await expect(today).toHaveText(/^Requisições hoje\s*5$/, { timeout: 40_000 });

  await main.getByLabel('Token', { exact: true }).click();
  await page.getByRole('option', { name: /^Loja/ }).click();
  await expect(page).toHaveURL(/[?&]keyId=[0-9a-f-]{36}/);
  await expect(today).toHaveText(/^Requisições hoje\s*3$/);
  await main.getByText('Tabela', { exact: true }).click();
  // Newest first: today is the first row, its total beside the day.
  const latest = main.getByRole('table').locator('tbody tr').first();
  await expect(latest.getByRole('cell').first()).toHaveText('3');

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

  // Months: only the account's own month, drawn against the quota line, each class told in words.
  const missing = await page.request.get(`/quotes/json/last/XXX-YYY?token=${shop}`);
  expect(missing.status()).toBe(404);
  await page.goto('/dashboard?view=months');
  await expect(main.getByRole('button', { name: '4xx erro do pedido' })).toBeVisible({ timeout: 40_000 });
  await expect(main.getByRole('button', { name: '2xx/304 sucesso' })).toBeVisible();
  await expect(main.getByText('Cota mensal do plano: 10', { exact: true })).toBeVisible();
  await expect(main.locator('.recharts-reference-line line')).toHaveAttribute('stroke-dasharray', '6 4');
  await expect(main.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
  await main.getByText('Tabela', { exact: true }).click();
  const month = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  );
  const monthRows = main.getByRole('table').locator('tbody tr');
  await expect(monthRows).toHaveCount(1);
  await expect(monthRows.first().getByRole('rowheader')).toHaveText(month);
  // Total 6, 5 successes, one 404, and 10 − 5 of the quota left.
  await expect(monthRows.first().getByRole('cell')).toHaveText(['6', '5', '1', '5']);
  // A wide screen: the whole table, no box scrolling inside the page and no hint.
  const hint = main.getByText('Deslize para ver mais →');
  await expect(hint).toHaveCount(0);
  const box = main.getByRole('table').locator('xpath=..');
  expect(await box.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);

  // A phone: the hint shows, the scrolling area is named and focusable, the total stays in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hint).toBeVisible();
  const region = main.getByRole('region', {
    name: 'Consumo por mês; deslize para o lado para ver todas as colunas',
  });
  await expect(region).toHaveAttribute('tabindex', '0');
  const total = monthRows.first().getByRole('cell').first();
  await total.scrollIntoViewIfNeeded();
  const totalBox = await total.boundingBox();
  expect(totalBox && totalBox.x + totalBox.width).toBeLessThanOrEqual(390);
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
});
