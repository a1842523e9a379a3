import { expect, type Locator, type Page, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/api.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 14 item 8 by keyboard alone: the skip link comes first, the create-key dialog and the two menus
 * open, move and close from the keyboard, and whatever has focus shows a ring. On the journeys' second
 * server (no bot protection), as a fresh customer who may still create a key.
 */
test.use({ baseURL: BILLING_BASE_URL });

const PASSWORD = 'keyboard journey password';
let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

/** The focused element's name and whether something draws a ring around it (outline or box-shadow). */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    const hasOutline = !!style && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const hasShadow = !!style && style.boxShadow !== 'none';
    return {
      tag: element?.tagName.toLowerCase(),
      id: element?.id,
      text: element?.textContent?.trim() ?? '',
      label: element?.getAttribute('aria-label') ?? '',
      hasRing: hasOutline || hasShadow,
      isInDialog: !!element?.closest('[role="dialog"]'),
      role: element?.getAttribute('role'),
    };
  });
}

/** Tabs forward until `target` has focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('not reached by Tab');
}

test('the skip link is the first stop and moves focus to the page’s main content', async ({ page }) => {
  for (const [language, label] of [
    ['pt-BR', 'Pular para o conteúdo'],
    ['en', 'Skip to content'],
  ] as const) {
    await page.goto(`/?lng=${language}`);
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
    const skipLink = page.getByRole('link', { name: label });
    await expect(skipLink).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    expect((await focused(page)).hasRing).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main' });
    // The next Tab goes on from the page's content, past the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  }
});

test('the create-key dialog and the account and key menus work by keyboard, with a visible focus', async ({
  page,
}) => {
  const email = `keyboard-${Date.now()}@example.com`;
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
  await page.goto(`/auth/login?redirect=${encodeURIComponent('/account/settings?tab=tokens')}`);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByLabel(/^Senha/).fill(PASSWORD);
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
  const create = main.getByRole('button', { name: 'Criar token' });
  await expect(create).toBeEnabled();

  // The account menu first: the header is the first thing Tab reaches.
  await checkMenu(page, page.getByRole('banner').getByRole('button', { name: 'Bia' }), [
    'Painel',
    'Projetos',
  ]);

  // The dialog: Enter opens it, Tab stays inside, Escape closes it and focus goes back to its trigger.
  await tabTo(page, create);
  expect((await focused(page)).hasRing).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Criar token' });
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(page)).isInDialog).toBe(true);
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now.isInDialog, `Tab ${presses + 1} left the dialog for ${now.tag} ${now.text}`).toBe(true);
    expect(now.hasRing, `no focus ring on ${now.tag} ${now.label || now.text}`).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).isInDialog).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(create).toBeFocused();

  // A key to have a key actions menu.
  await page.keyboard.press('Enter');
  await dialog.getByRole('textbox', { name: 'Descrição' }).fill('Teclado');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pronto' }).click();

  await checkMenu(page, main.getByRole('button', { name: 'Ações de Teclado' }), [
    'Editar',
    'Gerar novo segredo',
    'Excluir',
  ]);
});

/** Enter opens the menu on its first item (a WAI-ARIA menu button), the arrows move, Escape closes it back to the trigger. */
async function checkMenu(page: Page, trigger: Locator, firstItems: string[]) {
  await tabTo(page, trigger);
  expect((await focused(page)).hasRing).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  const seen: string[] = [];
  for (const [index] of firstItems.entries()) {
    if (index > 0) await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).role).toBe('menuitem');
    const now = await focused(page);
    expect(now.hasRing, `no focus ring on ${now.text}`).toBe(true);
    seen.push(now.text);
  }
  expect(seen).toEqual(firstItems);
  await page.keyboard.press('ArrowUp');
  expect((await focused(page)).text).toBe(firstItems.at(-2));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toBeFocused();
}
