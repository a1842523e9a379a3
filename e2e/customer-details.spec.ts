import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/api.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 23 item 7, the details a customer expects, in Chromium on the billing journey's server (no bot
 * protection): a new public key's dialog (no origin, its project, its first call), the Projects screen at
 * the Free limits (one notice), the dashboard's filter scope, a card-only checkout (no tab bar) whose
 * failed submit leaves placeholders grey, the change-plan buttons, the invoice with its issuer and its PDF,
 * the contact page and the footer. With SHOTS_DIR set, each screen is saved at 1280 and 390 px.
 */
test.use({ baseURL: BILLING_BASE_URL });

const shotsDir = process.env.SHOTS_DIR;
const PASSWORD = 'customer details password';
const VIEWPORTS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } };
const ERROR_RED = 'rgb(193, 40, 40)';

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp?.close());

/** The portal API with a Bearer token, from outside the page (no cookie, so no XSRF check). */
async function apiAs(email: string) {
  const client = await request.newContext({ baseURL: BILLING_BASE_URL });
  const login = await client.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const session = (await login.json()) as { accessToken: string };
  await client.dispose();
  // A client of its own per call: a Bearer call with no cookie (not even an earlier answer's XSRF cookie)
  // needs no XSRF token.
  const call = async (method: 'post' | 'put', url: string, data: object) => {
    const bearer = await request.newContext({
      baseURL: BILLING_BASE_URL,
      extraHTTPHeaders: { authorization: `Bearer ${session.accessToken}` },
    });
    try {
      const response = await bearer[method](`/api${url}`, { data });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return response.json();
    } finally {
      await bearer.dispose();
    }
  };
  return {
    session,
    post: (url: string, data: object) => call('post', url, data),
    put: (url: string, data: object) => call('put', url, data),
  };
}

const TEXT = {
  'pt-BR': {
    createToken: 'Criar token',
    description: /^Descrição/,
    create: 'Criar',
    firstCall: 'Primeira chamada',
    done: 'Pronto',
    oneProject: '1 de 1 projeto permitido pelo seu plano',
    bothLimits: /limites de projetos e de tokens do seu plano foram atingidos/,
    scope: /^O filtro muda/,
    upgradeNow: 'Mudar agora',
    downloadPdf: 'Baixar PDF',
    issuedBy: 'Emitida por',
    legal: 'Jurídico',
    pay: /^Pagar /,
  },
  en: {
    createToken: 'Create token',
    description: /^Description/,
    create: 'Create',
    firstCall: 'First call',
    done: 'Done',
    oneProject: '1 of 1 project allowed by your plan',
    bothLimits: /project and token limits are reached/,
    scope: /^The filter changes/,
    upgradeNow: 'Upgrade now',
    downloadPdf: 'Download PDF',
    issuedBy: 'Issued by',
    legal: 'Legal',
    pay: /^Pay /,
  },
} as const;

for (const language of ['pt-BR', 'en'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`customer details, ${language}, ${device}`, async ({ browser }) => {
      test.skip(device === 'phone' && !shotsDir, 'the phone pass only takes screenshots');
      test.setTimeout(120_000);
      const text = TEXT[language];
      const context = await browser.newContext({ locale: language, viewport, acceptDownloads: true });
      await context.addInitScript((lng) => {
        localStorage.setItem('cookieConsent', 'true');
        localStorage.setItem('i18nextLng', lng);
      }, language);
      const page = await context.newPage();
      const main = page.locator('main');
      let count = 0;
      const shot = async (name: string, target: Page | ReturnType<Page['locator']> = page) => {
        if (!shotsDir) return;
        const dir = path.join(shotsDir, `${language}-${device}`);
        mkdirSync(dir, { recursive: true });
        count += 1;
        const file = path.join(dir, `${String(count).padStart(2, '0')}-${name}.png`);
        if ('goto' in target) await target.screenshot({ path: file, fullPage: true });
        else await target.screenshot({ path: file });
      };

      const email = `details-${language}-${device}-${Date.now()}@example.com`.toLowerCase();
      await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
      // Signed in as the SPA stores a session (the login form is the identity journeys' subject).
      const api = await apiAs(email);
      const user = JSON.parse(Buffer.from(api.session.accessToken.split('.')[1]!, 'base64url').toString());
      await context.addInitScript(
        ([session, claims]) => {
          if (localStorage.getItem('token')) return;
          localStorage.setItem('session', JSON.stringify(session));
          localStorage.setItem('token', (session as { accessToken: string }).accessToken);
          localStorage.setItem('user', JSON.stringify(claims));
        },
        [api.session, user] as const,
      );
      await page.goto('/account/settings?tab=tokens');

      // A new public key: no origin, the project it starts, and its first call.
      await page.getByRole('button', { name: text.createToken }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: text.description }).fill('Loja');
      await expect(dialog.getByRole('textbox', { name: /Origens permitidas|Allowed origins/ })).toHaveValue(
        '',
      );
      await shot('create-key-dialog', dialog);
      await dialog.getByRole('button', { name: text.create, exact: true }).click();
      await expect(dialog.getByRole('heading', { name: text.firstCall })).toBeVisible();
      const secret = (await dialog.getByTestId('new-secret').textContent()) ?? '';
      await expect(dialog.getByTestId('first-call')).toContainText(secret);
      await shot('created-key-dialog', dialog);
      await dialog.getByRole('button', { name: text.done }).click();
      // The key answers no site yet.
      const refused = await page.evaluate(async (key) => {
        const response = await fetch('/quotes/json/last/USD-BRL', { headers: { 'x-api-key': key } });
        return response.status;
      }, secret);
      expect(refused).toBe(403);
      await shot('tokens-tab');

      // The second key reaches the Free limits: the Projects screen says so once.
      await page.getByRole('button', { name: text.createToken }).click();
      await dialog.getByRole('textbox', { name: text.description }).fill('Servidor');
      // As a person does: the segment's visible label (the radio itself is a 1 px input under it).
      const privateKind = dialog.getByRole('radio', { name: /^(Privado|Private)$/ });
      await dialog
        .getByRole('radiogroup')
        .getByText(/^(Privado|Private)$/)
        .click();
      await expect(privateKind).toBeChecked();
      await dialog.getByRole('button', { name: text.create, exact: true }).click();
      await expect(dialog.getByTestId('first-call')).toContainText('curl');
      await shot('created-private-key-dialog', dialog);
      await dialog.getByRole('button', { name: text.done }).click();
      // Through the app (a reload could show the query cache persisted before the second key).
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: /^(Projetos|Projects)$/ })
        .click();
      await expect(main.getByText(text.oneProject)).toBeVisible();
      await expect(main.locator('.mantine-Alert-root')).toHaveCount(1);
      await expect(main.locator('.mantine-Alert-root')).toContainText(text.bothLimits);
      await shot('projects-at-limit');

      await page.goto('/dashboard');
      await expect(main.getByText(text.scope)).toBeVisible();
      await shot('dashboard');

      // Issue 27: the billing details come first (reais need them); the checkout then asks only for the card.
      await api.put('/billing/details', {
        country: 'BR',
        legalName: 'Bia Cota ME',
        taxId: '529.982.247-25',
        postalCode: '01001-000',
        street: 'Praça da Sé',
        number: '100',
        district: 'Sé',
        city: 'São Paulo',
        state: 'SP',
        emails: [email],
      });
      // A checkout in dollars has the card only: no tab bar; a failed submit leaves placeholders grey.
      const checkout = (await api.post('/billing/checkout', {
        planId: 'basic',
        cycle: 'monthly',
        currency: language === 'en' ? 'USD' : 'BRL',
      })) as { url: string };
      await page.goto(checkout.url);
      const cardNumber = main.getByLabel(/^(Número do cartão|Card number)/);
      await expect(cardNumber).toBeVisible();
      await expect(main.getByRole('tablist')).toHaveCount(language === 'en' ? 0 : 1);
      await main.getByRole('button', { name: text.pay }).click();
      await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
      // The border turns red through a transition: wait for its end, then compare the placeholder with it.
      await expect
        .poll(() => cardNumber.evaluate((input) => getComputedStyle(input).borderColor))
        .toBe(ERROR_RED);
      const placeholder = await cardNumber.evaluate(
        (input) => getComputedStyle(input, '::placeholder').color,
      );
      expect(placeholder).not.toBe(ERROR_RED);
      // A select still on its empty "Choose …" option reads as a placeholder too.
      for (const select of await main.locator('select[aria-invalid="true"]').all()) {
        if ((await select.inputValue()) !== '') continue;
        expect(await select.evaluate((element) => getComputedStyle(element).color)).not.toBe(ERROR_RED);
      }
      await shot('checkout-failed-submit');

      // Subscribed through the API (the checkout form is another journey's), then the invoice and its PDF.
      const id = checkout.url.split('/').pop();
      await api.post(`/billing/test/checkouts/${id}/pay`, {
        method: 'card',
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      });
      await page.goto('/account/settings?tab=billing');
      await main
        .getByRole('link', { name: /^(Ver a fatura|View invoice) / })
        .first()
        .click();
      await expect(main.getByRole('group', { name: text.issuedBy })).toContainText('CNPJ');
      await shot('invoice');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('button', { name: text.downloadPdf, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const pdf = readFileSync((await download.path()) as string);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (shotsDir) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(path.join(shotsDir, `invoice-${language}-${device}.pdf`), pdf);
      }

      await page.goto('/billing/manage?plan=pro&cycle=monthly');
      await expect(main.getByRole('button', { name: text.upgradeNow })).toBeVisible();
      await shot('manage-upgrade');
      await main.getByRole('combobox', { name: /^(Plano|Plan)$/ }).selectOption('basic');
      const yearly = main.getByRole('radio', { name: /^(Anual|Yearly)$/ });
      await main
        .getByRole('radiogroup')
        .getByText(/^(Anual|Yearly)$/)
        .click();
      await expect(yearly).toBeChecked();
      await shot('manage-yearly');

      await page.goto('/contact');
      await expect(main.getByRole('link', { name: 'contato@cotacep.com.br' })).toBeVisible();
      await shot('contact');
      await page.goto('/privacy');
      await expect(main.getByText(/contato@cotacep\.com\.br/).first()).toBeVisible();
      await shot('privacy');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('navigation', { name: text.legal }).getByRole('link')).toHaveCount(3);
      await shot('footer', footer);
      await context.close();
    });
  }
}
