import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  hasHorizontalOverflow,
  LANGUAGES,
  PHONE,
  seriousViolations,
  takeScreenshot,
} from './support/axe.ts';

/**
 * The API reference inside the site (issue 14 item 3): reached from the header, each operation has its own
 * anchor, the portal's document is there too, and nothing is wider than a 390 px phone.
 */
test('from the header: Docs, then Quotes, then one operation by its anchor', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/?lng=pt-BR');
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Documentação' })
    .click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documentação' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver referência: API de Cotações' }).click();
  await expect(page).toHaveURL(/\/docs\/quotes$/);
  await expect(page.locator('#get-quotes-json-last-pairs')).toBeAttached({ timeout: 30_000 });
  const navigation = page.getByRole('navigation', { name: 'Operações da API' });
  await navigation.locator('a[href="#get-quotes-json-last-pairs"]').click();
  await expect(page).toHaveURL(/\/docs\/quotes#get-quotes-json-last-pairs$/);
  const operation = page.locator('#get-quotes-json-last-pairs');
  await expect(operation).toBeInViewport();
  await expect(operation.getByText('/quotes/json/last/{pairs}')).toBeVisible();

  // The anchor works as a link of its own.
  await page.goto('/docs/quotes#get-quotes-json-last-pairs');
  await expect(page.locator('#get-quotes-json-last-pairs')).toBeInViewport();
});

test('the portal reference lists POST /api/auth/login', async ({ page }) => {
  await page.goto('/docs/portal?lng=en');
  const login = page.locator('#post-api-auth-login');
  // Sixty operations render after the page's header.
  await expect(login).toBeVisible({ timeout: 30_000 });
  await expect(login.getByText('POST', { exact: true })).toBeVisible();
  await expect(login.getByText('/api/auth/login', { exact: true })).toBeVisible();
  await expect(login.getByRole('heading', { name: 'Log in with e-mail and password' })).toBeVisible();
});

for (const language of LANGUAGES) {
  test(`no horizontal overflow at 390 px, nothing serious for axe (${language})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    for (const path of ['/docs', '/docs/quotes', '/docs/cep', '/docs/portal']) {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${path}?lng=${language}`);
      // A document is generated on its first request, which a busy machine takes seconds over.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('main article').first()).toBeVisible({ timeout: 30_000 });
      const name = `docs-${path.split('/')[2] ?? 'index'}-${language}`;
      const violations = await seriousViolations(page, `${path} ${language} 1280 px`);
      // The long references (quotes, portal) are scanned but not photographed whole.
      const isShort = path === '/docs' || path === '/docs/cep';
      if (isShort) await takeScreenshot(page, testInfo, `${name}-1280`);
      await page.setViewportSize(PHONE);
      expect.soft(await hasHorizontalOverflow(page), `${path} is wider than 390 px`).toBe(false);
      violations.push(...(await seriousViolations(page, `${path} ${language} 390 px`)));
      if (isShort) await takeScreenshot(page, testInfo, `${name}-390`);
      expect.soft(violations, violations.join('\n')).toEqual([]);
    }
  });
}
