import { expect, type Page } from '@playwright/test';

const TEXT = {
  'pt-BR': { email: 'E-mail', password: /^Senha/, submit: 'Entrar' },
  en: { email: 'Email', password: /^Password/, submit: 'Log In' },
} as const;

/** Signs in through the login page as a person does (pt-BR unless told), asking to land on `path` afterwards. */
export async function logInThroughPage(
  page: Page,
  email: string,
  password: string,
  path: string,
  language: keyof typeof TEXT = 'pt-BR',
) {
  const text = TEXT[language];
  await page.goto(`/auth/login?redirect=${encodeURIComponent(path)}`);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: text.email }).fill(email);
  await main.getByLabel(text.password).fill(password);
  // Exact: "Entrar com passkey" is a button of the same page.
  await main.getByRole('button', { name: text.submit, exact: true }).click();
}

/** Signs out through `/auth/logout`, which ends on the login page. */
export async function logOutThroughPage(page: Page) {
  await page.goto('/auth/logout');
  await expect(page).toHaveURL(/\/auth\/login/, { timeout: 30_000 });
}
