import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/api.ts';
import { DESKTOP, LANGUAGES, LOADED, PHONE, seriousViolations, takeScreenshot } from './support/axe.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 14 item 8 behind sign-in and on the sign-in screens, in both languages: axe finds nothing serious
 * or critical at 1280 px on each screen, dialog and open menu; each is also shot at 1280 px and 390 px.
 * One browser context per language: the tests of a language run in order and share its session.
 * A fresh customer on the journeys' second server (no bot protection, see playwright.config.ts), so the
 * run does not depend on what other journeys did to the demo customer's keys.
 */
test.use({ baseURL: BILLING_BASE_URL });

const PASSWORD = 'signed-in a11y password';
let smtp: SmtpServer;
let email: string;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
  email = `a11y-${Date.now()}@example.com`;
  await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
});
test.afterAll(() => smtp.close());

const TEXT = {
  create: /^(Criar token|Create token)$/,
  description: /^(Descrição|Description)/,
  origins: /^(Origens permitidas|Allowed origins)/,
  submit: /^(Criar|Create)$/,
  done: /^(Pronto|Done)$/,
  actions: /^(Ações de|Actions for) /,
  menu: {
    edit: /^(Editar|Edit)$/,
    rotate: /^(Gerar novo segredo|Rotate secret)$/,
    delete: /^(Excluir|Delete)$/,
  },
};

const AUTH_SCREENS = [
  '/auth/login',
  '/auth/login/challenge',
  '/auth/signup',
  '/auth/signup/confirm?email=ana%40example.com',
  '/auth/forget-password',
  '/auth/reset-password?email=ana%40example.com',
  '/auth/confirm?email=ana%40example.com',
];
const SETTINGS_TABS = ['profile', 'security', 'billing', 'tokens'] as const;

/** Scans the page as it is (a soft failure per screen, so one run shows them all), then shoots it at both widths. */
async function checkScreen(page: Page, language: string, name: string) {
  const found = await seriousViolations(page, `${name} ${language}`);
  expect.soft(found, found.join('\n')).toEqual([]);
  const file = `signed-in-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${language}`;
  await takeScreenshot(page, test.info(), `${file}-1280`);
  await page.setViewportSize(PHONE);
  await takeScreenshot(page, test.info(), `${file}-390`);
  await page.setViewportSize(DESKTOP);
}

for (const language of LANGUAGES) {
  test.describe(`screens for a customer, ${language}`, () => {
    let context: BrowserContext;
    let page: Page;
    const main = () => page.locator('main');
    const heading = () => main().getByRole('heading', { level: 1 });
    const dialog = () => page.getByRole('dialog');
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({
        baseURL: BILLING_BASE_URL,
        locale: language,
        viewport: DESKTOP,
        reducedMotion: 'reduce',
      });
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
      page = await context.newPage();
    });
    test.afterAll(() => context.close());

    test('the sign-in screens', async () => {
      test.setTimeout(300_000);
      for (const path of AUTH_SCREENS) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
        await expect(heading()).toBeVisible(LOADED);
        await checkScreen(page, language, path.split('?')[0]!);
      }
    });

    /** Logs in once per context: again only when a failed test made Playwright start a fresh worker. */
    async function signIn() {
      const { origins } = await context.storageState();
      if (origins.some((origin) => origin.localStorage.some((item) => item.name === 'token'))) return;
      await page.goto(`/auth/login?redirect=%2Fdashboard&lng=${language}`);
      await main()
        .getByRole('textbox', { name: /^(E-mail|Email)/ })
        .fill(email);
      await main()
        .getByLabel(/^(Senha|Password)/)
        .fill(PASSWORD);
      await main()
        .getByRole('button', { name: /^(Entrar|Log In)$/ })
        .click();
      await expect(page).toHaveURL(/\/dashboard$/, LOADED);
    }

    test('dashboard, projects and the settings tabs', async () => {
      test.setTimeout(300_000);
      await signIn();
      if (!page.url().endsWith('/dashboard')) await page.goto('/dashboard');
      await expect(heading()).toBeVisible(LOADED);
      await page.waitForLoadState('networkidle');
      await checkScreen(page, language, '/dashboard');

      await page.goto('/projects');
      await expect(main().getByRole('button', { name: /^(Novo projeto|New project)$/ })).toBeVisible(LOADED);
      await page.waitForLoadState('networkidle');
      await checkScreen(page, language, '/projects');

      for (const tab of SETTINGS_TABS) {
        await page.goto(`/account/settings?tab=${tab}`);
        await expect(main().getByRole('tabpanel')).toBeVisible(LOADED);
        await page.waitForLoadState('networkidle');
        await checkScreen(page, language, `/account/settings ${tab}`);
      }
    });

    test('the key dialogs and the key actions menu', async () => {
      test.setTimeout(300_000);
      await signIn();
      await page.goto('/account/settings?tab=tokens');
      // The create dialog; the first language also creates the key the menu below acts on.
      await main().getByRole('button', { name: TEXT.create }).click();
      await expect(dialog()).toBeVisible();
      await checkScreen(page, language, 'create key dialog');
      if ((await main().getByRole('button', { name: TEXT.actions }).count()) === 0) {
        await dialog().getByRole('textbox', { name: TEXT.description }).fill('Loja');
        await dialog().getByRole('textbox', { name: TEXT.origins }).fill('*');
        await dialog().getByRole('button', { name: TEXT.submit }).click();
        await expect(dialog().getByTestId('new-secret')).toBeVisible();
        await checkScreen(page, language, 'new key secret');
        await dialog().getByRole('button', { name: TEXT.done }).click();
      } else {
        await page.keyboard.press('Escape');
      }
      await expect(dialog()).toHaveCount(0);

      const actions = main().getByRole('button', { name: TEXT.actions }).first();
      await actions.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await checkScreen(page, language, 'key actions menu');
      await page.keyboard.press('Escape');
      for (const action of ['edit', 'rotate', 'delete'] as const) {
        await actions.click();
        await page.getByRole('menuitem', { name: TEXT.menu[action] }).click();
        await expect(dialog()).toBeVisible();
        await checkScreen(page, language, `${action} key dialog`);
        await page.keyboard.press('Escape');
        await expect(dialog()).toHaveCount(0);
      }
    });

    test('the billing manage screen', async () => {
      test.setTimeout(120_000);
      await signIn();
      await page.goto('/billing/manage');
      await expect(heading()).toBeVisible(LOADED);
      await page.waitForLoadState('networkidle');
      await checkScreen(page, language, '/billing/manage');
    });
  });
}
