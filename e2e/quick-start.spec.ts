import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 14 in the browser: the demo customer creates a key, opens the Quick Start from the header (the
 * secret lives only in this tab's memory, so no reload), finds it filled in masked, reveals it, and calls
 * both public APIs from "Try it". Then the page on a 390 px phone, with nothing wider than the screen.
 */
const DESCRIPTION = 'Início rápido e2e';

async function logIn(page: Page) {
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  await page.goto(`/auth/login?redirect=${encodeURIComponent('/account/settings?tab=tokens')}`);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'E-mail' }).fill('demo@cotacep.dev');
  await main.getByLabel(/^Senha/).fill('cotacep-demo');
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
  // The form first solves the bot protection's proof of work, slow on a busy machine.
  await expect(page.getByRole('tab', { name: 'Tokens', selected: true })).toBeVisible({ timeout: 60_000 });
}

async function deleteKey(page: Page, description: string) {
  await page.getByRole('button', { name: `Ações de ${description}` }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('row').filter({ hasText: description })).toHaveCount(0);
}

async function createKey(page: Page): Promise<string> {
  const create = page.getByRole('button', { name: 'Criar token' });
  await expect(page.getByRole('switch').first()).toBeVisible();
  // The demo's Free plan holds two keys, both seeded: free a place as the keys journey does.
  if (await create.isDisabled()) await deleteKey(page, 'Backend local');
  await create.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Descrição' }).fill(DESCRIPTION);
  await dialog.getByRole('textbox', { name: 'Origens permitidas' }).fill('*');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  const secret = (await dialog.getByTestId('new-secret').textContent()) ?? '';
  expect(secret).toMatch(/^ck_pub_[A-Za-z0-9]{32}$/);
  await dialog.getByRole('button', { name: 'Pronto' }).click();
  return secret;
}

async function tryIt(page: Page, api: 'CEP' | 'Cotações', input: string) {
  const panel = page.getByRole('region', { name: '3. Experimente' });
  // The API switch's labels come before the input's own label.
  await panel
    .locator('label')
    .filter({ hasText: new RegExp(`^${api}$`) })
    .first()
    .click();
  await panel.getByRole('textbox', { name: api === 'CEP' ? /^CEP/ : /^Pares de moedas/ }).fill(input);
  await panel.getByRole('button', { name: 'Enviar' }).click();
  return panel;
}

test('Quick Start: a new key filled in masked, revealed, and both APIs tried with it', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page);
  const secret = await createKey(page);
  const masked = `${secret.slice(0, 11)}••••••••`;

  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Início rápido' })
    .click();
  await expect(page).toHaveURL(/\/quick-start$/);
  await expect(page.getByLabel('Token usado nos exemplos').first()).toHaveValue(
    `${DESCRIPTION} · ${secret.slice(0, 11)}… · pública`,
  );
  await expect(page.getByTestId('quick-start-secret')).toHaveText(masked);
  const curl = page.getByRole('region', { name: 'Cotações: USD-BRL' });
  await expect(curl).toContainText(`x-api-key: ${masked}`);
  await page.getByRole('button', { name: 'Revelar' }).click();
  await expect(page.getByTestId('quick-start-secret')).toHaveText(secret);
  await expect(curl).toContainText(`x-api-key: ${secret}`);

  const cep = await tryIt(page, 'CEP', '01001-000');
  await expect(cep.getByText('200 · sucesso')).toBeVisible();
  await expect(cep.getByRole('rowheader', { name: 'x-quota-remaining' })).toBeVisible();
  await expect(cep.getByRole('region', { name: 'Corpo da resposta' })).toContainText('"cep": "01001000"');

  const quotes = await tryIt(page, 'Cotações', 'USD-BRL');
  await expect(quotes.getByRole('region', { name: 'Corpo da resposta' })).toContainText('"USDBRL"');
  await expect(quotes.getByText('200 · sucesso')).toBeVisible();
  await expect(quotes.getByRole('rowheader', { name: 'x-quota-remaining' })).toBeVisible();
  await expect(quotes.getByRole('region', { name: 'Corpo da resposta' })).toContainText('"bid"');

  // The secret lives in this tab's memory only: after a reload the page asks for it again.
  await page.reload();
  await expect(page.getByLabel('Cole o segredo do token')).toBeVisible();
  expect(
    await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })),
  ).not.toContain(secret);

  await page.goto('/account/settings?tab=tokens');
  await deleteKey(page, DESCRIPTION);
});

test('Quick Start on a phone and a desktop, in both languages: nothing wider than the screen', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const directory = process.env.E2E_SHOTS_DIR ?? testInfo.outputPath('shots');
  mkdirSync(directory, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  for (const language of ['pt-BR', 'en'] as const) {
    for (const [device, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(`/quick-start?lng=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('button', { name: /^(Enviar|Send)$/ }).click();
      await expect(page.getByText(/^200 · /)).toBeVisible();
      const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
      expect(width, `${language} ${device}`).toBeLessThanOrEqual(size.width);
      await page.screenshot({
        path: path.join(directory, `quick-start-${language}-${device}.png`),
        fullPage: true,
      });
    }
  }
});
