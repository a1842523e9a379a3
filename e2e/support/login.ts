import type { Page } from '@playwright/test';

/** Signs in through the login page as a person does (pt-BR), asking to land on `path` afterwards. */
export async function logInThroughPage(page: Page, email: string, password: string, path: string) {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(path)}`);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByLabel(/^Senha/).fill(password);
  await main.getByRole('button', { name: 'Entrar' }).click();
}
