import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import {
  billingDetailsForm,
  fillBrazilianDetails,
  fillUsDetails,
  saveBillingDetails,
} from './support/billing-details.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 23 items 1 and 2 (decision 027) in the browser, on the billing journey's server (test-mode
 * payments): a customer in the United States pays in dollars without a CPF, and a customer's currency is
 * theirs in both interface languages (reais with boleto in English, dollars in Portuguese). Issue 27: the
 * billing details are asked once, on the Billing tab or inline on a first checkout in dollars. With SHOTS_DIR
 * set it also saves the pricing and checkout screens at 1280 and 390 px in both languages.
 */
test.use({ baseURL: BILLING_BASE_URL });

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

const PASSWORD = 'currency journey password';
const shotsDir = process.env.SHOTS_DIR;

/** The page at both widths, when screenshots are asked for. */
async function shots(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A portal call from outside the page in `language`: a client of its own, so no cookie (nor XSRF check). */
async function postApi(route: string, data: object, language: string) {
  const client = await request.newContext({
    baseURL: BILLING_BASE_URL,
    extraHTTPHeaders: { 'accept-language': language },
  });
  try {
    const response = await client.post(route, { data });
    return { status: response.status(), body: await response.text() };
  } finally {
    await client.dispose();
  }
}

/** A confirmed customer signed up through the API in `language` (its entry gives the first currency). */
async function signUp(language: 'pt-BR' | 'en') {
  const email = `currency-${language}-${Date.now()}@example.com`.toLowerCase();
  const names = { firstName: 'Ada', lastName: 'Lovelace' };
  const body = { ...names, email, password: PASSWORD, confirmPassword: PASSWORD };
  const signup = await postApi('/api/auth/signup', body, language);
  expect(signup.status, signup.body).toBe(201);
  const { code } = await smtp.waitForCode(email, 0);
  const confirmed = await postApi('/api/auth/signup/confirm', { email, code }, language);
  expect(confirmed.status, confirmed.body).toBe(200);
  return email;
}

/** Logs in (the interface takes the account's language), then opens `target` in `language`. */
async function logIn(page: Page, email: string, target: string, language: 'pt-BR' | 'en') {
  await page.goto(`/auth/login?lng=pt-BR&redirect=${encodeURIComponent(target)}`);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByLabel(/^Senha/).fill(PASSWORD);
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === target);
  await page.goto(`${target}?lng=${language}`);
}

async function fillCard(page: Page) {
  const main = page.locator('main');
  await main.getByLabel(/^(Card number|Número do cartão)/).fill('4242 4242 4242 4242');
  await main.getByLabel(/^(Expiry|Validade)/).fill('12/34');
  await main.getByLabel(/^CVC/).fill('123');
}

const card = (page: Page, name: string) => page.locator('main').getByRole('article', { name });

test('a US customer pays: English interface, country United States, no CPF, in dollars', async ({ page }) => {
  test.setTimeout(180_000);
  const main = page.locator('main');
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));

  // A visitor's pricing has the BRL/USD switch, starting on the language entry's currency.
  await page.goto('/pricing?lng=pt-BR');
  await expect(card(page, 'Basic').getByText(/^R\$\s29,90$/)).toBeVisible();
  await shots(page, 'pricing-visitor-pt-BR');
  await main.getByRole('radiogroup', { name: 'Moeda' }).getByText('US$ USD').click();
  await expect(card(page, 'Basic').getByText(/^US\$\s7,90$/)).toBeVisible();
  await page.goto('/pricing?lng=en');
  await expect(card(page, 'Basic').getByText('$7.90', { exact: true })).toBeVisible();
  await shots(page, 'pricing-visitor-en');

  const email = await signUp('en');
  await logIn(page, email, '/pricing', 'en');
  await expect(main.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
  await expect(main.getByRole('radio', { name: '$ USD' })).toBeChecked();
  await expect(
    main.getByText("Your first purchase sets your account's currency.", { exact: false }),
  ).toBeVisible();
  await card(page, 'Basic').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);

  // Issue 27: in dollars with no billing details yet, the checkout asks for them before the card. The
  // country comes first: abroad nothing asks for a CPF, and the tax id is optional.
  await expect(main.getByText('Who is the invoice for? Save the billing details, then pay.')).toBeVisible();
  await expect(main.getByLabel(/^Card number/)).toHaveCount(0);
  await shots(page, 'checkout-usd-details-en');
  await fillUsDetails(page, email);
  await expect(main.getByLabel(/^Tax ID \(optional\)/)).toBeVisible();
  await expect(main.getByLabel(/CPF/)).toHaveCount(0);
  await saveBillingDetails(page);
  await expect(main.getByRole('tab', { name: 'Boleto' })).toHaveCount(0);
  await expect(main.getByText('Ada Lovelace LLC')).toBeVisible();
  await fillCard(page);
  await shots(page, 'checkout-usd-us-en');
  await main.getByRole('button', { name: 'Pay $7.90' }).click();

  await expect(page).toHaveURL(/\/account\/settings\?tab=billing$/);
  await expect(page.getByText('Payment confirmed. Your new plan is active.')).toBeVisible();
  await expect(main.getByText('Basic · Monthly')).toBeVisible();
  await expect(main.getByText(/^\$7\.90 on /)).toBeVisible();
});

test("a subscriber's currency is the same in both languages", async ({ page }) => {
  test.setTimeout(240_000);
  const main = page.locator('main');
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));

  // Reais, signed up in Portuguese, in the English interface: R$ prices and the BRL checkout with boleto.
  const reais = await signUp('pt-BR');
  await logIn(page, reais, '/pricing', 'en');
  await expect(card(page, 'Basic').getByText('R$29.90', { exact: true })).toBeVisible();
  await expect(main.getByRole('radio', { name: 'R$ BRL' })).toBeChecked();
  // Issue 27: reais need the billing details with a CPF or CNPJ; the pricing page says so and links to them.
  await card(page, 'Basic').getByRole('button', { name: 'Buy Now' }).click();
  const refused = main.getByRole('alert');
  await expect(refused).toContainText('Paying in reais needs your billing details with a CPF or CNPJ.');
  await refused.getByRole('link', { name: 'Fill in the billing details' }).click();
  await expect(billingDetailsForm(page).getByLabel(/^Country/)).toHaveValue('BR');
  await fillBrazilianDetails(page, reais);
  await saveBillingDetails(page);
  await main.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);
  await expect(main.getByRole('tab', { name: 'Boleto' })).toBeVisible();
  await fillCard(page);
  await shots(page, 'checkout-brl-en');
  await main.getByRole('button', { name: 'Pay R$29.90' }).click();
  await expect(page).toHaveURL(/\/account\/settings\?tab=billing$/);
  await expect(main.getByText('Basic · Monthly')).toBeVisible();

  await page.goto('/pricing?lng=en');
  await expect(card(page, 'Basic').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(card(page, 'Basic').getByText('R$29.90', { exact: true })).toBeVisible();
  await expect(card(page, 'Pro').getByText('R$79.90', { exact: true })).toBeVisible();
  await expect(main.getByRole('radiogroup', { name: 'Currency' })).toHaveCount(0);
  await expect(main.getByText("Prices in Brazilian reais (BRL), your account's currency.")).toBeVisible();
  await shots(page, 'pricing-brl-subscriber-en');
  await page.goto('/pricing?lng=pt-BR');
  await expect(card(page, 'Basic').getByText(/^R\$\s29,90$/)).toBeVisible();
  await expect(card(page, 'Basic').getByRole('button', { name: 'Plano atual' })).toBeDisabled();

  // Dollars, signed up in English, in the Portuguese interface: US$ prices and a card-only checkout.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const dollars = await signUp('en');
  await logIn(page, dollars, '/pricing', 'pt-BR');
  await expect(card(page, 'Basic').getByText(/^US\$\s7,90$/)).toBeVisible();
  await card(page, 'Basic').getByRole('button', { name: 'Comprar agora' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);
  await expect(main.getByRole('tab', { name: 'Boleto' })).toHaveCount(0);
  await fillUsDetails(page, dollars);
  await expect(main.getByLabel(/^Identificação fiscal \(opcional\)/)).toBeVisible();
  await saveBillingDetails(page);
  await fillCard(page);
  await shots(page, 'checkout-usd-pt-BR');
  await main.getByRole('button', { name: /^Pagar US\$\s7,90$/ }).click();
  await expect(page).toHaveURL(/\/account\/settings\?tab=billing$/);

  await page.goto('/pricing?lng=pt-BR');
  await expect(card(page, 'Basic').getByRole('button', { name: 'Plano atual' })).toBeDisabled();
  await expect(card(page, 'Basic').getByText(/^US\$\s7,90$/)).toBeVisible();
  await expect(main.getByText('Preços em dólares americanos (USD), a moeda da sua conta.')).toBeVisible();
  await shots(page, 'pricing-usd-subscriber-pt-BR');
});
