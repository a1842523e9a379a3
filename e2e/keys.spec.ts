import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 5 in the browser: the demo customer makes a public key for the app's own origin, copies its
 * secret, calls the quotes API with it from the page (CORS), sees other origins refused, disables it and
 * deletes it. The demo's free plan holds two keys, both seeded, so the journey first frees a place.
 */
const QUOTE = '/quotes/json/last/USD-BRL';

async function logIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'E-mail' }).fill('demo@cotacep.dev');
  await main.getByLabel(/^Senha/).fill('cotacep-demo');
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Tokens', selected: true })).toBeVisible();
}

/** A customer's web site on its own origin: a blank page from which the journey calls the API. */
let site: Server;
let siteOrigin: string;
test.beforeAll(async () => {
  site = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Loja</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const row = (page: Page, description: string) => page.getByRole('row').filter({ hasText: description });

test('Tokens: create a public key for this origin, call the API with it, disable it, delete it', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = siteOrigin;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await logIn(page, '/account/settings?tab=tokens');

  await expect(page.getByText('2 de 2 tokens permitidos pelo seu plano')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Criar token' })).toBeDisabled();
  await page.getByRole('button', { name: 'Ações de Backend local' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(row(page, 'Backend local')).toHaveCount(0);

  await page.getByRole('button', { name: 'Criar token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Descrição' }).fill('Jornada e2e');
  const origins = dialog.getByRole('textbox', { name: 'Origens permitidas' });
  await origins.fill(`${origin}/checkout`);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByText(/Informe \* ou origens exatas/)).toBeVisible();
  await origins.fill(origin);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  const shown = (await dialog.getByTestId('new-secret').textContent()) ?? '';
  expect(shown).toMatch(/^ck_pub_[A-Za-z0-9]{32}$/);
  await dialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(dialog.getByRole('button', { name: 'Copiado' })).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(shown);
  await dialog.getByRole('button', { name: 'Pronto' }).click();
  await expect(row(page, 'Jornada e2e')).toContainText(origin);

  // The customer's page calls the API across origins: the browser sends Origin and enforces CORS.
  const shop = await context.newPage();
  await shop.goto(siteOrigin);
  const fromPage = await shop.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.json() };
  }, `${baseURL}${QUOTE}?token=${secret}`);
  await shop.close();
  expect(fromPage.status).toBe(200);
  expect(fromPage.body.USDBRL.code).toBe('USD');

  const elsewhere = await page.request.get(`${QUOTE}?token=${secret}`, {
    headers: { Origin: 'https://elsewhere.example' },
  });
  expect(elsewhere.status()).toBe(403);
  expect((await elsewhere.json()).code).toBe('origin_not_allowed');

  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/api/keys/'),
  );
  await row(page, 'Jornada e2e').getByRole('switch').click();
  expect((await saved).status()).toBe(200);
  await expect(row(page, 'Jornada e2e').getByRole('switch')).not.toBeChecked();
  await expect(row(page, 'Jornada e2e')).toContainText('Desativado');
  const disabled = await page.request.get(`${QUOTE}?token=${secret}`, { headers: { Origin: origin } });
  expect([401, 403]).toContain(disabled.status());
  expect((await disabled.json()).code).toBe('disabled_token');

  await page.getByRole('button', { name: 'Ações de Jornada e2e' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(row(page, 'Jornada e2e')).toHaveCount(0);
  const deleted = await page.request.get(`${QUOTE}?token=${secret}`, { headers: { Origin: origin } });
  expect(deleted.status()).toBe(401);
});

/** Every keys and projects screen and dialog, in both languages, on a desktop and a 390 px phone. */
test('screenshots of the keys and projects screens', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const directory = process.env.E2E_SHOTS_DIR ?? testInfo.outputPath('shots');
  mkdirSync(directory, { recursive: true });
  // The app honours reduced motion, so dialogs are shot fully open rather than fading in.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, '/account/settings?tab=tokens');
  for (const language of ['pt-BR', 'en'] as const) {
    for (const [device, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(`/account/settings?tab=tokens&lng=${language}`);
      const shot = (name: string) =>
        page.screenshot({ path: path.join(directory, `${name}-${language}-${device}.png`), fullPage: true });
      const dialog = page.getByRole('dialog');
      const closeDialog = async () => {
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      };
      await expect(page.getByRole('switch').first()).toBeVisible();
      await shot('tokens');
      const create = page.getByRole('button', { name: /^(Criar token|Create token)$/ });
      // At the plan's limit (the journey above did not finish) there is no create dialog to show.
      if (await create.isEnabled()) {
        await create.click();
        await expect(dialog).toBeVisible();
        await shot('create-key');
        await closeDialog();
      }
      for (const action of ['edit', 'rotate', 'delete'] as const) {
        await page
          .getByRole('button', { name: /^(Ações de|Actions for) / })
          .first()
          .click();
        const names = {
          edit: /^(Editar|Edit)$/,
          rotate: /^(Gerar novo segredo|Rotate secret)$/,
          delete: /^(Excluir|Delete)$/,
        };
        await page.getByRole('menuitem', { name: names[action] }).click();
        await expect(dialog).toBeVisible();
        await shot(`${action}-key`);
        await closeDialog();
      }
      await page.goto(`/projects?lng=${language}`);
      await expect(page.getByRole('switch').first()).toBeVisible();
      await shot('projects');
      // The demo's free plan holds one project: the create button is disabled and its limit explained.
      await expect(page.getByRole('button', { name: /^(Novo projeto|New project)$/ })).toBeDisabled();
      await page.getByRole('button', { name: /^(Ações de|Actions for) Loja Demo/ }).click();
      await page.getByRole('menuitem', { name: /^(Editar|Edit)$/ }).click();
      await expect(dialog).toBeVisible();
      await shot('edit-project');
      await closeDialog();
    }
  }
});
