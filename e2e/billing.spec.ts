import { expect, type Page, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/api.ts';
import { fillBrazilianDetails, saveBillingDetails } from './support/billing-details.ts';
import { logInThroughPage } from './support/login.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 12 in the browser, on the billing journey's own server (playwright.config.ts: a Free quota of
 * 10, test-mode payments, mail to a real SMTP server on loopback): a Free customer uses most of the quota,
 * gets the 80 % e-mail, buys Basic (a declined card first), uses the API past the old quota, cancels, and
 * is back on Free once the billing clock passes the period's end. And a visitor's Buy Now through sign-up,
 * which waits for the billing details (issue 27) and goes on once they are saved.
 */
test.use({ baseURL: BILLING_BASE_URL });

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

const PASSWORD = 'billing journey password';
const QUOTE = '/quotes/json/last/USD-BRL';

const logIn = (page: Page, email: string, path: string) => logInThroughPage(page, email, PASSWORD, path);

async function payByCard(page: Page, number: string) {
  const main = page.locator('main');
  await main.getByRole('tab', { name: 'Cartão' }).click();
  await main.getByLabel(/^Número do cartão/).fill(number);
  await main.getByLabel(/^Validade/).fill('12/34');
  await main.getByLabel(/^CVC/).fill('123');
  await main.getByRole('button', { name: /^Pagar / }).click();
}

async function callApi(page: Page, secret: string, times: number) {
  const answers = [];
  for (let index = 0; index < times; index++) {
    const response = await page.request.get(`${QUOTE}?token=${secret}`);
    answers.push({ status: response.status(), limit: response.headers()['x-quota-limit'] });
  }
  return answers;
}

test('Free → 80 % e-mail → Buy Now Basic (declined, then paid) → past the old quota → cancel → Free', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `billing-journey-${Date.now()}@example.com`;
  const main = page.locator('main');
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
  await logIn(page, email, '/account/settings?tab=tokens');

  // A key for the API, open to every origin.
  await page.getByRole('button', { name: 'Criar token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Descrição' }).fill('Jornada de cobrança');
  await dialog.getByRole('textbox', { name: 'Origens permitidas' }).fill('*');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  const secret = (await dialog.getByTestId('new-secret').textContent()) ?? '';
  expect(secret).toMatch(/^ck_pub_/);
  await dialog.getByRole('button', { name: 'Pronto' }).click();

  // Nine of the Free plan's ten requests: the eighth crosses 80 % and the e-mail arrives.
  const used = await callApi(page, secret, 9);
  expect(used.map((answer) => answer.status)).toEqual(Array(9).fill(200));
  expect(used[0]?.limit).toBe('10');
  const notice = await smtp.waitForMail(email, /80%/);
  expect(notice.subject).toBe('Você usou 80% da cota mensal da Cotacep');
  expect(notice.text).toContain('/pricing');

  // Issue 27: a purchase in reais needs the billing details, kept on the Billing tab (the CEP first).
  await page.goto('/account/settings?tab=billing');
  await fillBrazilianDetails(page, email);
  await saveBillingDetails(page);
  await expect(main.getByText('CPF: 529.982.247-25')).toBeVisible();

  // Pricing → Buy Now on Basic → the test checkout, which names them and asks for none.
  await page.goto('/pricing');
  const basic = main.getByRole('article', { name: 'Basic' });
  await expect(
    main.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Plano atual' }),
  ).toBeDisabled();
  await basic.getByRole('button', { name: 'Comprar agora' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);
  await expect(main.getByText('Modo de teste', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Faturado para' })).toBeVisible();
  await expect(main.getByText('Bia Cota ME')).toBeVisible();
  await expect(main.getByLabel(/^CPF ou CNPJ/)).toHaveCount(0);

  await payByCard(page, '4000 0000 0000 0002');
  await expect(main.getByRole('alert')).toHaveText('Seu cartão foi recusado. Tente outro cartão.');
  expect((await callApi(page, secret, 1))[0]).toEqual({ status: 200, limit: '10' });

  await payByCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/account\/settings\?tab=billing$/);
  await expect(page.getByText('Pagamento confirmado. Seu novo plano está ativo.')).toBeVisible();
  await expect(main.getByText('Basic · Mensal')).toBeVisible();
  await expect(main.getByText(/^R\$\s?29,90 em \d{1,2} de \w+\.? de \d{4}$/)).toBeVisible();
  await expect(main.getByText('Período atual')).toBeVisible();

  // The plan's quota, at once: five more calls past Free's ten.
  const after = await callApi(page, secret, 5);
  expect(after).toEqual(Array(5).fill({ status: 200, limit: '1000000' }));

  // Cancel: the plan stays until the period's end, which the Billing tab shows.
  await main.getByRole('button', { name: 'Gerenciar assinatura' }).click();
  await expect(page).toHaveURL(/\/billing\/manage$/);
  await main.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(main.getByRole('button', { name: 'Retomar assinatura' })).toBeVisible();
  await page.goto('/account/settings?tab=billing');
  await expect(main.getByText(/^Termina em \d{1,2} de \w+\.? de \d{4}$/)).toBeVisible();

  // The billing clock passes the period's end: back on Free, with Free's quota.
  await page.goto('/billing/manage');
  await main.getByRole('button', { name: '+30 dias' }).click();
  await main.getByRole('button', { name: '+7 dias' }).click();
  await page.goto('/account/settings?tab=billing');
  await expect(main.getByText('Nenhum pagamento: o plano Free é gratuito')).toBeVisible();
  expect((await callApi(page, secret, 1))[0]?.limit).toBe('10');
});

test('a visitor’s Buy Now: sign-up naming the plan, confirmation that signs in, and the checkout of that plan and cycle', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `billing-visitor-${Date.now()}@example.com`;
  const main = page.locator('main');
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));

  await page.goto('/pricing');
  await main.getByText('Anual', { exact: true }).click();
  await main.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Comprar agora' }).click();
  await expect(page).toHaveURL(/\/auth\/signup\?redirect=/);
  // Issue 23: the sign-up page says which plan comes next.
  await expect(main.getByRole('status')).toHaveText(
    'Depois do cadastro, você segue para a compra do plano Pro (Anual).',
  );
  await main.getByLabel(/^Nome/).fill('Vi');
  await main.getByLabel(/^Sobrenome/).fill('Sitante');
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByLabel(/^Senha/).fill(PASSWORD);
  await main.getByLabel(/^Confirmar senha/).fill(PASSWORD);
  await main.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/auth\/signup\/confirm/);
  const { code } = await smtp.waitForCode(email, 0);
  await main.getByLabel(/^Código/).fill(code);
  // Confirming in the browser that signed up signs in: no password to type again (issue 23).
  await main.getByRole('button', { name: 'Confirmar' }).click();

  // The purchase in reais waits for the billing details: the pricing page says so and links to them.
  const refused = main.getByRole('alert');
  await expect(refused).toContainText('preencha antes os dados de cobrança com CPF ou CNPJ', {
    timeout: 30_000,
  });
  await refused.getByRole('link', { name: 'Preencher os dados de cobrança' }).click();
  await expect(page).toHaveURL(/\/account\/settings\?tab=billing&resume=.+#billing-details$/);
  await fillBrazilianDetails(page, email, 'Vi Sitante');
  await saveBillingDetails(page);
  // Saved: the purchase goes on where it stopped.
  await main.getByRole('link', { name: 'Continuar a compra' }).click();

  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(main.getByText('Modo de teste', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Resumo do pedido' })).toBeVisible();
  await expect(main.getByText('Pro', { exact: true })).toBeVisible();
  await expect(main.getByText('Anual', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Pagar R$ 799,00' })).toBeVisible();
});
