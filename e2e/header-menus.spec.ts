import { expect, type Page, test } from '@playwright/test';

/**
 * The header's menus load their code after the landing's first paint (decision 016): a press on a trigger
 * before it arrived must still open the menu, by mouse or keyboard, with the same focus behaviour.
 */

/** Holds back the menus' code (the `menu-*.js` chunk) until the returned function is called. */
async function holdMenuCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let isRequested = false;
  await page.route(/\/assets\/menu-[\w-]+\.js$/, async (route) => {
    isRequested = true;
    await released;
    await route.continue();
  });
  return () => {
    expect(isRequested, 'the menu code was never asked for').toBe(true);
    release();
  };
}

const activeRole = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('role'));

test('a click before the menu code arrived opens the language menu once it has', async ({ page }) => {
  const release = await holdMenuCode(page);
  await page.goto('/');
  const trigger = page.getByRole('banner').getByRole('button', { name: /^Idioma: Português/ });
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  await trigger.click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  release();

  await expect(page.getByRole('menu')).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

for (const key of ['Enter', 'Space', 'ArrowDown']) {
  test(`${key} before the menu code arrived opens the menu on its first item, Escape goes back`, async ({
    page,
  }) => {
    const release = await holdMenuCode(page);
    await page.goto('/');
    const trigger = page.getByRole('banner').getByRole('button', { name: /^Idioma: Português/ });
    await trigger.focus();
    await page.keyboard.press(key);
    await expect(page.getByRole('menu')).toHaveCount(0);
    release();

    await expect(page.getByRole('menu')).toBeVisible();
    await expect.poll(() => activeRole(page)).toBe('menuitem');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
}
