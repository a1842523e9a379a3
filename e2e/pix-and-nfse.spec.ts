import { expect, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { billingDetailsForm, fillBrazilianDetails, saveBillingDetails } from './support/billing-details.ts';
import { logInThroughPage } from './support/login.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 27 in the browser, on the billing journey's server (test-mode payments and the embedded NFS-e issuer,
 * mail to a real SMTP server on loopback): the billing details with the CEP filling the address → Pro yearly
 * paid with Pix → "the bank" pays → the NFS-e is issued, mailed to the billing e-mail, and its PDF opens → the
 * bank reverses the payment, the invoice is voided and the nota cancelled.
 */
test.use({ baseURL: BILLING_BASE_URL });

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

const PASSWORD = 'pix journey password';

test('billing details → Pro yearly by Pix → the bank pays → NFS-e issued, mailed and opened → refund cancels it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `pix-journey-${Date.now()}@example.com`;
  const main = page.locator('main');
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  await signUpThroughApi(BILLING_BASE_URL, smtp, email, PASSWORD);
  await logInThroughPage(page, email, PASSWORD, '/account/settings?tab=billing');

  // The billing details: the CEP answers first (the form says whether it filled the address), then the rest.
  await expect(billingDetailsForm(page)).toBeVisible();
  await fillBrazilianDetails(page, email, 'Pix Cota Ltda');
  await saveBillingDetails(page);
  await expect(main.getByText('Pix Cota Ltda')).toBeVisible();

  // Pro, yearly, in reais: the checkout offers Pix.
  await page.goto('/pricing');
  await main.getByText('Anual', { exact: true }).click();
  await main.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Comprar agora' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);
  await expect(main.getByText('Pix Cota Ltda')).toBeVisible();
  await main.getByRole('tab', { name: 'Pix' }).click();
  await main.getByRole('button', { name: 'Gerar código Pix' }).click();

  // A real BR Code: the EMV payload with the Pix GUI, reais (986), Brazil, and its CRC16 at the end.
  const code = main.getByLabel(/^Pix copia e cola/);
  await expect(code).toBeVisible();
  const brCode = await code.inputValue();
  expect(brCode).toMatch(/^000201/);
  expect(brCode).toContain('br.gov.bcb.pix');
  expect(brCode).toContain('5303986');
  expect(brCode).toMatch(/6304[0-9A-F]{4}$/);
  await expect(main.getByRole('img', { name: /^QR code do Pix de R\$/ })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'Aguardando pagamento' })).toBeVisible();
  expect(await seriousViolations(page, 'checkout with Pix')).toEqual([]);

  // "The bank" pays: the page follows the payment and moves on to the Billing tab with Pro active.
  await main.getByRole('button', { name: 'Simular pagamento (o banco)' }).click();
  await expect(page).toHaveURL(/tab=billing/, { timeout: 30_000 });
  await expect(main.getByText(/Pro · Anual/)).toBeVisible();

  // The nota is issued within seconds and goes to the billing e-mail with its PDF and XML.
  const invoices = main.getByRole('table').filter({ hasText: 'NFS-e' });
  await expect(invoices.getByText('Emitida', { exact: true }).filter({ visible: true })).toBeVisible({
    timeout: 30_000,
  });
  const mail = await smtp.waitForMail(email, /NFS-e/);
  expect(mail.subject).toMatch(/NFS-e/);

  // The invoice page shows the nota; its PDF downloads and is a PDF marked as test.
  await main
    .getByRole('link', { name: /^Ver a fatura / })
    .first()
    .click();
  const nota = main.getByRole('region', { name: 'Nota fiscal (NFS-e)' });
  await expect(nota.getByText('Código de verificação')).toBeVisible();
  const download = page.waitForEvent('download');
  await nota.getByRole('button', { name: /PDF/ }).first().click();
  const pdf = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of pdf) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await seriousViolations(page, 'invoice with its NFS-e')).toEqual([]);

  // The bank reverses the payment: the invoice is voided and its nota cancelled at the issuer.
  await main.getByRole('button', { name: 'Simular estorno (o banco)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Estornar' }).click();
  await expect(nota.getByText('Cancelada', { exact: true })).toBeVisible({ timeout: 30_000 });
});
