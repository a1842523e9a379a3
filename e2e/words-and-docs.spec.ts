import { expect, test } from '@playwright/test';
import { DESKTOP, LANGUAGES, LOADED, PHONE, takeScreenshot } from './support/axe.ts';

/**
 * Issue 23 item 6, in a real browser: the API reference speaks the page's language only, the landing's
 * code never breaks a CEP in two on a phone, and the password screens' words (screenshots at 1280 and
 * 390 px in both languages, saved under SHOTS_DIR when set).
 */
test('the CEP reference speaks one language per page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/docs/cep?lng=en');
  const english = page.locator('#get-cep-json-cep');
  await expect(english.getByRole('heading', { name: 'Address of a CEP (JSON)' })).toBeVisible(LOADED);
  await expect(page.getByRole('heading', { name: 'Access', exact: true })).toBeVisible();
  await expect(page.getByText('Acesso', { exact: true })).toHaveCount(0);

  await page.goto('/docs/cep?lng=pt-BR');
  const portuguese = page.locator('#get-cep-json-cep');
  await expect(portuguese.getByRole('heading', { name: 'Endereço de um CEP (JSON)' })).toBeVisible(LOADED);
  await expect(page.getByText('Address of a CEP (JSON)')).toHaveCount(0);
  // The shared errors: linked from the operation, described once.
  await portuguese.getByRole('link', { name: '401', exact: true }).click();
  await expect(page.locator('#common-401')).toBeInViewport();
});

for (const language of LANGUAGES) {
  test(`the landing's code keeps 01001000 on one line at 390 px (${language})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/?lng=${language}`);
    const cep = page.locator('pre code span', { hasText: /^01001000$/ }).first();
    await expect(cep).toBeVisible(LOADED);
    // One line box: the token was not broken across lines.
    expect(await cep.evaluate((element) => element.getClientRects().length)).toBe(1);
    const placeholder = language === 'en' ? 'YOUR_TOKEN' : 'SEU_TOKEN';
    const token = page.locator('pre code span', { hasText: new RegExp(`^${placeholder}$`) });
    for (const element of await token.all()) {
      expect(await element.evaluate((node) => node.getClientRects().length)).toBe(1);
    }
  });

  test(`login and reset screens in plain words (${language}), photographed`, async ({ page }, testInfo) => {
    const en = language === 'en';
    for (const viewport of [DESKTOP, PHONE] as const) {
      const width = viewport.width;
      await page.setViewportSize(viewport);
      await page.goto(`/auth/login?lng=${language}`);
      await expect(
        page.getByRole('button', { name: en ? 'Show or hide the password' : 'Mostrar ou ocultar a senha' }),
      ).toBeAttached(LOADED);
      // Tabbing through the empty form shows nothing.
      await page.getByRole('textbox', { name: /mail/ }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(
        page.getByText(en ? 'Please enter your email' : 'Por favor, informe seu e-mail'),
      ).toHaveCount(0);
      await takeScreenshot(page, testInfo, `words-login-${language}-${width}`);

      await page.goto(`/auth/reset-password?lng=${language}&email=ana%40example.com`);
      await page.getByLabel(en ? /^New Password/ : /^Nova senha/).fill('short');
      await page.getByRole('button', { name: en ? 'Reset Password' : 'Redefinir senha' }).click();
      await expect(
        page.getByText(
          en
            ? 'The password must have at least 8 characters.'
            : 'A senha precisa ter pelo menos 8 caracteres.',
        ),
      ).toBeVisible();
      await takeScreenshot(page, testInfo, `words-reset-${language}-${width}`);
    }
  });
}

for (const language of LANGUAGES) {
  test(`the references photographed at 1280 and 390 px (${language})`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const shoot = async (name: string) => {
      const body = await page.screenshot({ animations: 'disabled' });
      await testInfo.attach(name, { body, contentType: 'image/png' });
      if (process.env.SHOTS_DIR) {
        const { mkdirSync, writeFileSync } = await import('node:fs');
        mkdirSync(process.env.SHOTS_DIR, { recursive: true });
        writeFileSync(`${process.env.SHOTS_DIR}/${name}.png`, body);
      }
    };
    for (const api of ['quotes', 'cep', 'portal']) {
      for (const viewport of [DESKTOP, PHONE] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`/docs/${api}?lng=${language}`);
        await expect(page.locator('main article').first()).toBeVisible(LOADED);
        const name = `words-docs-${api}-${language}-${viewport.width}`;
        await shoot(`${name}-top`);
        await page.locator('main article').first().scrollIntoViewIfNeeded();
        await page
          .locator('main article')
          .first()
          .evaluate((element) => element.scrollIntoView());
        await shoot(`${name}-operation`);
        const common = page.locator('#common-responses');
        await expect(common).toBeAttached(LOADED);
        await common.evaluate((element) => element.scrollIntoView());
        await shoot(`${name}-common`);
      }
    }
  });
}
