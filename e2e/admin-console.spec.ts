import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, request, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  DESKTOP,
  hasHorizontalOverflow,
  LANGUAGES,
  LOADED,
  PHONE,
  seriousViolations,
  takeScreenshot,
} from './support/axe.ts';
import { type LocalhostPortal, startLocalhostPortal } from './support/localhost-portal.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 26, the staff console in Chromium. A staff member made by `npm run staff:create` signs in with their
 * authenticator app, finds the demo customer, suspends it (its token gets 403 and its session ends),
 * reactivates it and grants extra quota (the customer's dashboard says so); the staff trail and the
 * customer's own Activity show each step with its reason. A customer never gets the console, nor its code;
 * support sees every action disabled with the reason; "view as customer" shows the customer's screens
 * read-only under a banner and gives the tab back. Axe on every console screen, shot at 1280 px and 390 px
 * in both languages (SHOTS_DIR).
 *
 * On a portal of its own (`startLocalhostPortal`, with the demo seeded): the journey suspends the demo
 * customer, whom the journeys on the shared server sign in as; and the staff command writes to the
 * database, which a PGlite directory allows one process at a time, so it runs before that portal starts.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const DEMO = { email: 'demo@cotacep.dev', password: 'cotacep-demo' };
const CONSOLE_CHUNK = /\/assets\/admin-screens-[\w-]+\.js$/;

type StaffAccount = { email: string; password: string; totp: TOTP };

/** `npm run staff:create`, as an operator runs it: the password and the authenticator's key from its output. */
async function createStaff(dataDir: string, email: string, role: 'staff' | 'support'): Promise<StaffAccount> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'staff:create', '--', '--email', email, '--role', role],
    {
      cwd: ROOT,
      env: { ...env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  );
  const password = /^password[^:\n]*:\s*(\S+)/im.exec(stdout)?.[1];
  const secret = /secret[^:\n]*:\s*([A-Z2-7]+)\s*$/im.exec(stdout)?.[1];
  if (!password || !secret) throw new Error(`staff:create printed no password or secret:\n${stdout}`);
  return { email, password, totp: new TOTP({ secret: Secret.fromBase32(secret) }) };
}

let portal: LocalhostPortal;
let dataDir: string;
let smtp: SmtpServer;
let staff: StaffAccount;
let support: StaffAccount;

test.beforeAll(async () => {
  test.setTimeout(420_000);
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cotacep-e2e-admin-'));
  // The command migrates the new database itself; the portal then seeds the demo as it starts.
  staff = await createStaff(dataDir, `ops-${Date.now()}@cotacep.dev`, 'staff');
  support = await createStaff(dataDir, `suporte-${Date.now()}@cotacep.dev`, 'support');
  portal = await startLocalhostPortal({
    DATA_DIR: dataDir,
    DEMO_SEED: 'true',
    USAGE_FLUSH_INTERVAL_MS: '200',
  });
});
test.afterAll(async () => {
  await portal?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Codes already typed: a step's code is accepted once, so a later sign-in takes the next unused one. */
const usedCodes = new Set<string>();
/**
 * The authenticator's current code, never one used before. The server accepts each step once and none older
 * than the last it accepted, so a code from a later step would spend the steps after it: wait for the next
 * step instead.
 */
async function nextCode(account: StaffAccount): Promise<string> {
  for (;;) {
    const code = account.totp.generate({ timestamp: Date.now() });
    if (!usedCodes.has(code)) {
      usedCodes.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  }
}

const TEXT = {
  'pt-BR': {
    email: 'E-mail',
    password: /^Senha/,
    logIn: 'Entrar',
    appCode: /^Código do aplicativo autenticador/,
    verify: 'Verificar',
    overview: 'Visão geral',
    customers: 'Clientes',
    closures: 'Encerramentos de conta pendentes',
    trail: 'Trilha da equipe',
  },
  en: {
    email: 'Email',
    password: /^Password/,
    logIn: 'Log In',
    appCode: /^Authenticator app code/,
    verify: 'Verify',
    overview: 'Overview',
    customers: 'Customers',
    closures: 'Pending account closures',
    trail: 'Staff trail',
  },
} as const;

async function newPage(browser: Browser, language: keyof typeof TEXT = 'pt-BR', viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: portal.baseURL, locale: language, viewport });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  return context.newPage();
}

/** Password, then the authenticator app's code, landing on `to`. */
async function signInStaff(
  page: Page,
  account: StaffAccount,
  to = '/admin',
  language: keyof typeof TEXT = 'pt-BR',
) {
  const text = TEXT[language];
  const main = page.locator('main');
  await page.goto(`/auth/login?redirect=${encodeURIComponent(to)}&lng=${language}`);
  await main.getByRole('textbox', { name: text.email }).fill(account.email);
  await main.getByLabel(text.password).fill(account.password);
  await main.getByRole('button', { name: text.logIn, exact: true }).click();
  await main.getByRole('textbox', { name: text.appCode }).fill(await nextCode(account));
  await main.getByRole('button', { name: text.verify }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, '\\?')}$`), LOADED);
}

async function signInCustomer(page: Page, to: string) {
  const main = page.locator('main');
  await page.goto(`/auth/login?redirect=${encodeURIComponent(to)}`);
  await main.getByRole('textbox', { name: 'E-mail' }).fill(DEMO.email);
  await main.getByLabel(/^Senha/).fill(DEMO.password);
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, '\\?')}$`), LOADED);
}

/**
 * A portal API call as the signed-in customer, from outside the page: a client of its own each time, so no
 * cookie is sent and the XSRF check (for cookie-carrying requests) does not apply.
 */
async function customerCall(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const api = await request.newContext({ baseURL: portal.baseURL });
  try {
    const response = await api.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
    return { status: response.status(), body: await response.text() };
  } finally {
    await api.dispose();
  }
}

/** A new secret for the demo's private token (it allows 127.0.0.1): the customer rotates it, as they may. */
async function demoSecret(page: Page): Promise<string> {
  const keys = JSON.parse((await customerCall(page, 'GET', '/api/keys')).body) as {
    items: { id: string; kind: string }[];
  };
  const privateKey = keys.items.find((key) => key.kind === 'private');
  const rotated = await customerCall(page, 'POST', `/api/keys/${privateKey?.id}/rotate`, { graceSeconds: 0 });
  expect(rotated.status, rotated.body).toBe(200);
  return (JSON.parse(rotated.body) as { secret: string }).secret;
}

async function callQuotes(secret: string) {
  const api = await request.newContext({ baseURL: portal.baseURL });
  try {
    const response = await api.get('/quotes/json/last/USD-BRL', { headers: { 'x-api-key': secret } });
    return { status: response.status(), body: await response.text() };
  } finally {
    await api.dispose();
  }
}

/** Opens the demo customer's page from the search, as a person finds it. */
async function openDemoCustomer(page: Page) {
  const main = page.locator('main');
  await page.goto('/admin/customers');
  await main.getByRole('searchbox', { name: /^Buscar/ }).fill(DEMO.email);
  await main.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = main.getByRole('row').filter({ hasText: DEMO.email });
  await expect(row).toHaveCount(1, LOADED);
  await row.getByRole('link').click();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
}

/** Runs a customer action from its button: the dialog, the reason, the confirmation toast. */
async function act(
  page: Page,
  button: string,
  reason: string,
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.locator('main').getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('textbox', { name: /^Motivo/ }).fill(reason);
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toHaveCount(0, LOADED);
}

test('a customer never gets the console: /admin is the not-found page, and its code is never requested', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  const chunks: string[] = [];
  page.on('request', (sent) => {
    if (CONSOLE_CHUNK.test(new URL(sent.url()).pathname)) chunks.push(sent.url());
  });
  await signInCustomer(page, '/dashboard');
  for (const path of ['/admin', '/admin/customers', '/admin/trail']) {
    await page.goto(path);
    await expect(page.locator('main').getByRole('heading', { name: 'Página não encontrada' })).toBeVisible(
      LOADED,
    );
  }
  await page.waitForLoadState('networkidle');
  expect(chunks).toEqual([]);
  // The server refuses its API as well.
  expect((await customerCall(page, 'GET', '/api/admin/customers')).status).toBe(403);

  // The same page asked by staff loads the console's chunk: what the list above would have caught.
  const staffPage = await newPage(browser);
  const staffChunks: string[] = [];
  staffPage.on('request', (sent) => {
    if (CONSOLE_CHUNK.test(new URL(sent.url()).pathname)) staffChunks.push(sent.url());
  });
  await signInStaff(staffPage, staff);
  await expect(staffPage.locator('main').getByRole('heading', { level: 1, name: 'Visão geral' })).toBeVisible(
    LOADED,
  );
  expect(staffChunks).toHaveLength(1);
  await page.context().close();
  await staffPage.context().close();
});

test('suspend → token refused and session ended → reactivate → extra quota on the dashboard → every step in both trails', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const stamp = Date.now();
  const reasons = {
    suspend: `Chargeback em análise ${stamp}`,
    reactivate: `Pagamento confirmado ${stamp}`,
    grant: `Campanha de lançamento ${stamp}`,
  };

  const customer = await newPage(browser);
  await signInCustomer(customer, '/dashboard');
  const secret = await demoSecret(customer);
  expect((await callQuotes(secret)).status).toBe(200);

  const page = await newPage(browser);
  const main = page.locator('main');
  await signInStaff(page, staff);
  await openDemoCustomer(page);

  // Suspend: the token is refused at once, with its code; the customer's session is over.
  await act(page, 'Suspender', reasons.suspend);
  await expect(main.getByText('Suspenso').first()).toBeVisible();
  await expect(main.getByText(reasons.suspend).first()).toBeVisible();
  const refused = await callQuotes(secret);
  expect(refused.status).toBe(403);
  expect(refused.body).toContain('organization_suspended');
  await customer.goto('/dashboard');
  await expect(customer).toHaveURL(/\/auth\/login/, LOADED);
  await expect(
    customer.locator('main').getByText('Sua sessão foi encerrada. Entre novamente para continuar.'),
  ).toBeVisible();

  // Reactivate: the token answers again.
  await act(page, 'Reativar', reasons.reactivate);
  await expect(main.getByRole('button', { name: 'Suspender', exact: true })).toBeVisible();
  await expect.poll(async () => (await callQuotes(secret)).status, LOADED).toBe(200);

  // Extra quota for this period: the customer's dashboard says where it came from.
  await act(page, 'Conceder cota extra', reasons.grant, (dialog) =>
    dialog.getByRole('textbox', { name: /^Requisições extras/ }).fill('10000'),
  );
  await expect(main.getByText(new RegExp(`\\+10\\.000 .*${reasons.grant}`))).toBeVisible();
  await signInCustomer(customer, '/dashboard');
  await expect(
    customer.locator('main').getByText('inclui 10.000 extras concedidos pela Cotacep'),
  ).toBeVisible(LOADED);
  await takeScreenshot(customer, test.info(), 'customer-dashboard-extra-quota-pt-BR-1280');

  // The staff trail and the customer's own Activity: each step, with its reason.
  await page.goto('/admin/trail');
  const steps = [
    ['Organização suspensa', reasons.suspend],
    ['Organização reativada', reasons.reactivate],
    ['Cota extra concedida', reasons.grant],
  ] as const;
  for (const [event, reason] of steps) {
    await expect(main.getByRole('listitem').filter({ hasText: reason })).toContainText(event, LOADED);
  }
  await customer.goto('/account/settings?tab=activity');
  const activity = customer.locator('main');
  for (const reason of Object.values(reasons)) {
    await expect(activity.getByText(new RegExp(reason)).first()).toBeVisible(LOADED);
  }
  await takeScreenshot(customer, test.info(), 'customer-activity-staff-steps-pt-BR-1280');
  await page.context().close();
  await customer.context().close();
});

test('view as customer: the customer’s screens read-only under a banner, then back to the console', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await newPage(browser);
  const main = page.locator('main');
  await signInStaff(page, staff);
  await openDemoCustomer(page);
  const consoleUrl = page.url();

  const reason = `Cliente relatou erro no painel ${Date.now()}`;
  await act(page, 'Ver como cliente', reason);
  await expect(page).toHaveURL(/\/dashboard$/, LOADED);
  const banner = page.getByRole('region', { name: 'Visualização como cliente' });
  await expect(banner).toContainText('demo@cotacep.dev');
  await expect(banner).toContainText(/restam (29|30):\d\d/);
  await expect(main.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible(LOADED);
  await takeScreenshot(page, test.info(), 'admin-view-as-dashboard-pt-BR-1280');
  expect(await seriousViolations(page, 'view as dashboard')).toEqual([]);

  // A change is refused by the server, and the screen says why.
  await page.goto('/projects');
  await expect(banner).toBeVisible();
  await main
    .getByRole('button', { name: /^Ações de / })
    .first()
    .click(LOADED);
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Descrição/ }).fill('Mudança durante a visualização');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText(/esta visualização é somente leitura/)).toBeVisible();
  // Nothing can be changed in this view: the refusal does not ask to try again.
  await expect(dialog.getByText('Por favor, tente novamente.')).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await takeScreenshot(page, test.info(), 'admin-view-as-refused-pt-BR-390');
  await page.setViewportSize(DESKTOP);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The staff member's own session was there all along: ending the view goes back to the console.
  await banner.getByRole('button', { name: 'Encerrar visualização' }).click();
  await expect(page).toHaveURL(consoleUrl, LOADED);
  await expect(banner).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Ver como cliente' })).toBeVisible(LOADED);
  // Both the look and its early end are on the staff trail, each with the look's reason.
  await page.goto('/admin/trail');
  const steps = main.getByRole('listitem').filter({ hasText: reason });
  await expect(steps).toHaveCount(2, LOADED);
  await expect(steps.filter({ hasText: 'Equipe Cotacep viu suas telas (somente leitura)' })).toHaveCount(1);
  await expect(
    steps.filter({ hasText: 'Equipe Cotacep encerrou a visualização das suas telas' }),
  ).toHaveCount(1);
  await page.context().close();
});

test('support can look, not act: every action disabled, with the reason', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  const main = page.locator('main');
  await signInStaff(page, support);
  await openDemoCustomer(page);
  await expect(main.getByText('Suporte pode consultar, não agir.')).toBeVisible();
  for (const name of ['Mudar plano', 'Conceder cota extra', 'Suspender', 'Ver como cliente']) {
    const button = main.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Suporte pode consultar, não agir.');
  }
  await page.context().close();
});

for (const language of LANGUAGES) {
  test(`console screens — axe and screenshots at 1280 px and 390 px, ${language}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const text = TEXT[language];
    const page = await newPage(browser, language);
    const main = page.locator('main');
    const problems: string[] = [];
    const check = async (name: string) => {
      await page.waitForLoadState('networkidle');
      problems.push(...(await seriousViolations(page, `${name} ${language}`)));
      await takeScreenshot(page, test.info(), `admin-${name}-${language}-1280`);
      await page.setViewportSize(PHONE);
      await takeScreenshot(page, test.info(), `admin-${name}-${language}-390`);
      if (await hasHorizontalOverflow(page)) problems.push(`${name} ${language}: scrolls sideways at 390 px`);
      problems.push(...(await seriousViolations(page, `${name} ${language} 390`)));
      await page.setViewportSize(DESKTOP);
    };
    await signInStaff(page, staff, '/admin', language);
    await expect(main.getByRole('heading', { level: 1, name: text.overview })).toBeVisible(LOADED);
    await check('overview');

    await page.goto('/admin/customers');
    await expect(main.getByRole('heading', { level: 1, name: text.customers })).toBeVisible(LOADED);
    await expect(main.getByRole('row').nth(1)).toBeVisible(LOADED);
    await check('customers');

    await main.getByRole('row').filter({ hasText: DEMO.email }).getByRole('link').click();
    await expect(main.getByRole('button', { name: /^(Ver como cliente|View as customer)$/ })).toBeVisible(
      LOADED,
    );
    await check('customer');
    await main.getByRole('button', { name: /^(Conceder cota extra|Grant extra quota)$/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').locator('button[type="submit"]').click();
    await expect(page.getByRole('dialog').getByText(/10/).first()).toBeVisible();
    await check('action-dialog');
    await page.keyboard.press('Escape');

    await page.goto('/admin/closures');
    await expect(main.getByRole('heading', { level: 1, name: text.closures })).toBeVisible(LOADED);
    await check('closures');

    await page.goto('/admin/trail');
    await expect(main.getByRole('heading', { level: 1, name: text.trail })).toBeVisible(LOADED);
    await check('trail');
    expect(problems, problems.join('\n')).toEqual([]);
    await page.context().close();
  });
}
