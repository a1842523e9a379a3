import { expect, test } from '@playwright/test';
import { DESKTOP } from './support/axe.ts';

/**
 * The API reference inside the site (issue 14 item 3): reached from the header, each operation has its own
 * anchor, and the portal's document is there too. Axe, the 390 px overflow check and the screenshots of
 * every /docs page are in public-pages.spec.ts.
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
