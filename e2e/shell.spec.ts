import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

async function readLocalStorage(page: Page, name: string): Promise<string | undefined> {
  const { origins } = await page.context().storageState();
  return origins.flatMap((origin) => origin.localStorage).find((item) => item.name === name)?.value;
}

test('landing → accept cookies → reload → English → /account → login, titled with the app name', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cotações de moedas');
  await expect(page).toHaveTitle('API de cotações de moedas e CEP · Cotacep');

  const banner = page.getByRole('region', { name: 'Aviso de cookies' });
  await expect(banner).toContainText('Este site usa cookies');
  await banner.getByRole('button', { name: 'Aceitar' }).click();
  await expect(banner).toHaveCount(0);
  expect(await readLocalStorage(page, 'cookieConsent')).toBe('true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toHaveCount(0);

  await page.getByRole('button', { name: /^Idioma: Português/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Currency quotes');
  expect(await readLocalStorage(page, 'i18nextLng')).toBe('en');

  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await expect(page).toHaveTitle('Log In · Cotacep');
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

test('a protected page asked for while anonymous opens after logging in, and logout leaves', async ({
  page,
}) => {
  await page.goto('/account/settings?tab=security');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);

  await page.getByRole('textbox', { name: 'E-mail' }).fill('demo@cotacep.dev');
  await page.getByLabel(/^Senha/).fill('wrong-password');
  await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');

  await page.getByLabel(/^Senha/).fill('cotacep-demo');
  await page.locator('form').getByRole('button', { name: 'Entrar' }).click();

  await expect(page).toHaveURL(/\/account\/settings\?tab=security$/);
  await expect(page.getByRole('tab', { name: 'Segurança', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sessões ativas' })).toBeVisible();
  await expect(page).toHaveTitle('Configurações da conta · Cotacep');

  await page.getByRole('button', { name: 'Demo' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await readLocalStorage(page, 'token')).toBeUndefined();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard$/);
});

test('the landing and login pages have no serious accessibility violations', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  for (const path of ['/', '/auth/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${path} ${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
      );
    expect(serious).toEqual([]);
  }
  await context.close();
});
