import { expect, test } from '@playwright/test';
import { CONTACT_EMAIL } from '../playwright.config.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 14 item 1 in the browser, on the main server (ALTCHA, solved in Chromium): the Contact form refuses
 * bad input in Portuguese without sending anything, then sends a message that reaches the team's inbox
 * (CONTACT_EMAIL, playwright.config.ts) over SMTP and is acknowledged to the sender. Both mails carry the
 * id the server gave the stored request; that the row itself is kept is covered by the server's tests
 * (apps/server/src/modules/contact/routes.happy.test.ts).
 */
let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

const AFTER_PROOF_OF_WORK = { timeout: 30_000 };

test('contact: translated errors send nothing; a valid message is stored, mailed to the team and acknowledged', async ({
  page,
}) => {
  const email = `contact-${Date.now()}@example.com`;
  const message = 'Qual o limite de consultas por minuto no plano Pro?';
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/contact')) posts.push(request.url());
  });
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  await page.goto('/contact');
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Fale conosco' })).toBeVisible();

  await main.getByRole('textbox', { name: /^Nome/ }).fill('Ana Souza');
  await main.getByRole('textbox', { name: /^E-mail/ }).fill('ana@exemplo');
  const send = main.getByRole('button', { name: 'Enviar mensagem' });
  await send.click();
  await expect(main.getByText('Por favor, informe um e-mail válido')).toBeVisible();
  await expect(main.getByText('Por favor, escreva sua mensagem')).toBeVisible();
  expect(posts).toEqual([]);
  expect(smtp.countTo(CONTACT_EMAIL)).toBe(0);

  await main.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await main.getByRole('textbox', { name: /^Mensagem/ }).fill(message);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
  await send.click();
  const response = await answered;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await expect(main.getByRole('status')).toHaveText(
    'Mensagem enviada com sucesso. Responderemos por e-mail em breve.',
    AFTER_PROOF_OF_WORK,
  );
  await expect(main.getByRole('textbox', { name: /^Mensagem/ })).toHaveValue('');
  expect(posts).toHaveLength(1);

  const team = await smtp.waitForMail(CONTACT_EMAIL, /Ana Souza/);
  expect(team.text).toContain(message);
  expect(team.text).toContain(email);
  expect(team.text).toContain(id);
  const acknowledgement = await smtp.waitForMail(email, /^Recebemos sua mensagem/);
  expect(acknowledgement.text).toContain(id);
});
