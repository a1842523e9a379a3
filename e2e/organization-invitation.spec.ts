import { type Browser, expect, type Page, request, test } from '@playwright/test';
import { BILLING_BASE_URL } from '../playwright.config.ts';
import { postApi, signUpThroughApi } from './support/api.ts';
import {
  DESKTOP,
  hasHorizontalOverflow,
  LANGUAGES,
  LOADED,
  PHONE,
  seriousViolations,
  takeScreenshot,
} from './support/axe.ts';
import { logInThroughPage } from './support/login.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 24 in the browser, on the billing journey's server (no bot protection, mail to a real SMTP server on
 * loopback): an Owner invites a Viewer from the Members tab, the invitee opens the e-mailed link, signs up
 * from it, confirms the code and comes back to join; they see the organization's tokens without secrets and
 * cannot create one (disabled with the reason, and the API answers 403). Then axe and screenshots of the
 * Members tab and the invitation page at 1280 and 390 px in both languages.
 */
test.use({ baseURL: BILLING_BASE_URL });

let smtp: SmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());

const PASSWORD = 'organization journey password';

const logIn = (page: Page, email: string, path: string) => logInThroughPage(page, email, PASSWORD, path);

/** A key in the owner's organization, made through the API as another client would. */
async function createKeyThroughApi(email: string) {
  // Two clients: the login leaves cookies behind, and a request with cookies must carry the XSRF token.
  const login = await postApi(BILLING_BASE_URL, '/api/auth/login', { email, password: PASSWORD });
  expect(login.status, login.body).toBe(200);
  const client = await request.newContext({ baseURL: BILLING_BASE_URL });
  try {
    const created = await client.post('/api/keys', {
      headers: { authorization: `Bearer ${JSON.parse(login.body).accessToken}` },
      data: { description: 'Servidor da equipe', kind: 'public', allowedOrigins: '*', enabled: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as { key: { prefix: string }; secret: string };
  } finally {
    await client.dispose();
  }
}

/** The invitation link of the newest invitation e-mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await smtp.waitForMail(email, /convidou você|invited you/);
  const link = /https?:\/\/\S+\/invitations\/accept#token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return link as string;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: BILLING_BASE_URL, locale: 'pt-BR' });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  return context.newPage();
}

test('an Owner invites a Viewer, who signs up from the link and reads the tokens but creates none', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const ownerEmail = `org-owner-${stamp}@example.com`;
  const viewerEmail = `org-viewer-${stamp}@example.com`;
  await signUpThroughApi(BILLING_BASE_URL, smtp, ownerEmail, PASSWORD);
  const key = await createKeyThroughApi(ownerEmail);

  // The Owner invites from the Members tab.
  const owner = await newPage(browser);
  await logIn(owner, ownerEmail, '/account/settings?tab=members');
  const invitations = owner.getByRole('region', { name: 'Convites' });
  await invitations.getByRole('textbox', { name: 'E-mail' }).fill(viewerEmail);
  await invitations.getByRole('combobox', { name: 'Papel' }).selectOption({ label: 'Leitor' });
  await invitations.getByRole('button', { name: 'Convidar' }).click();
  await expect(invitations.getByText(viewerEmail)).toBeVisible();
  await expect(invitations.getByText(/^Leitor · convidado por Bia Cota · expira em/)).toBeVisible();
  await expect(owner.getByText('2 de 2 assentos em uso (convites pendentes contam).')).toBeVisible();
  expect(await seriousViolations(owner, 'Members tab')).toEqual([]);

  // The invitee opens the e-mailed link in another browser and signs up from it.
  const link = await invitationLink(viewerEmail);
  const viewer = await newPage(browser);
  await viewer.goto(link);
  const main = viewer.locator('main');
  await expect(main.getByText('Bia Cota convidou você para Bia Cota no Cotacep.')).toBeVisible(LOADED);
  await expect(viewer).toHaveURL(/\/invitations\/accept$/);
  expect(await seriousViolations(viewer, 'invitation page, signed out')).toEqual([]);
  await main.getByRole('link', { name: 'Criar conta' }).click();
  await expect(main.getByRole('textbox', { name: 'E-mail' })).toHaveValue(viewerEmail);
  await main.getByLabel(/^Nome/).fill('Vera');
  await main.getByLabel(/^Sobrenome/).fill('Leitora');
  await main.getByLabel(/^Senha/).fill(PASSWORD);
  await main.getByLabel(/^Confirmar senha/).fill(PASSWORD);
  await main.getByRole('button', { name: 'Criar conta' }).click();
  await expect(viewer).toHaveURL(/\/auth\/signup\/confirm\?/);
  // Message #0 to this address is the invitation, #1 the sign-up code.
  const { code } = await smtp.waitForCode(viewerEmail, 1);
  await main.getByLabel(/^Código/).fill(code);
  await main.getByRole('button', { name: 'Confirmar' }).click();

  // Confirming signs in and comes back to the invitation, which now offers to join.
  await expect(viewer).toHaveURL(/\/invitations\/accept$/, LOADED);
  await main.getByRole('button', { name: 'Entrar em Bia Cota' }).click();
  await expect(viewer).toHaveURL(/\/dashboard$/, LOADED);

  // The organization's token, never its secret; creating one is disabled with the reason.
  await viewer.goto('/account/settings?tab=tokens');
  await expect(main.getByText('Servidor da equipe')).toBeVisible(LOADED);
  await expect(main.getByText(`${key.key.prefix}…`)).toBeVisible();
  expect(await viewer.content()).not.toContain(key.secret);
  const create = main.getByRole('button', { name: 'Criar token' });
  await expect(create).toBeDisabled();
  const reason = 'Seu papel (Leitor) não permite criar, alterar nem excluir tokens e projetos.';
  await expect(main.getByText(reason)).toBeVisible();
  await expect(create).toHaveAttribute('aria-describedby', /.+/);
  const reasonId = await create.getAttribute('aria-describedby');
  await expect(viewer.locator(`[id="${reasonId}"]`)).toHaveText(reason);

  // And the API refuses, should a request get through.
  const auth = await viewer.evaluate(() => ({
    token: localStorage.getItem('token'),
    organization: sessionStorage.getItem('organization'),
  }));
  const client = await request.newContext({ baseURL: BILLING_BASE_URL });
  const refused = await client.post('/api/keys', {
    headers: { authorization: `Bearer ${auth.token}`, 'x-organization': auth.organization ?? '' },
    data: { description: 'Não pode', kind: 'public', allowedOrigins: '*', enabled: true },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('PermissionDenied');
  await client.dispose();

  // The Owner sees the Viewer among the members, and no pending invitation.
  await owner.reload();
  const members = owner.getByRole('region', { name: 'Membros' });
  await expect(members.getByText('Vera Leitora')).toBeVisible(LOADED);
  await expect(members.getByRole('combobox', { name: 'Papel de Vera Leitora' })).toHaveValue('viewer');
  await expect(invitations.getByText('Nenhum convite pendente.')).toBeVisible();
  await owner.context().close();
  await viewer.context().close();
});

/** The Members tab (with a pending invitation) and the invitation page, desktop and phone, both languages. */
test('screenshots and axe of the Members tab and the invitation page', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const ownerEmail = `org-shots-${stamp}@example.com`;
  const invitedEmail = `org-shots-invited-${stamp}@example.com`;
  await signUpThroughApi(BILLING_BASE_URL, smtp, ownerEmail, PASSWORD);
  const page = await newPage(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, ownerEmail, '/account/settings?tab=members');
  const invitations = page.getByRole('region', { name: 'Convites' });
  await invitations.getByRole('textbox', { name: 'E-mail' }).fill(invitedEmail);
  await invitations.getByRole('button', { name: 'Convidar' }).click();
  await expect(invitations.getByText(invitedEmail)).toBeVisible();
  const link = await invitationLink(invitedEmail);
  const visitor = await newPage(browser);
  await visitor.emulateMedia({ reducedMotion: 'reduce' });

  const problems: string[] = [];
  for (const language of LANGUAGES) {
    for (const [device, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(`/account/settings?tab=members&lng=${language}`);
      await expect(page.getByText(invitedEmail)).toBeVisible(LOADED);
      await takeScreenshot(page, testInfo, `members-${language}-${device}`);
      problems.push(...(await seriousViolations(page, `members ${language} ${device}`)));
      if (await hasHorizontalOverflow(page)) problems.push(`members ${language} ${device}: scrolls sideways`);

      // The organization part of the account menu (desktop) or of the drawer (phone).
      if (device === 'desktop') {
        await page.getByRole('banner').getByRole('button', { name: 'Bia' }).click();
        await expect(
          page.getByRole('menuitem', { name: /^(Nova organização|New organization)$/ }),
        ).toBeVisible();
        await takeScreenshot(page, testInfo, `account-menu-${language}-${device}`, { fullPage: false });
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: /^(Abrir menu|Open menu)$/ }).click();
        await expect(
          page.getByRole('button', { name: /^(Nova organização|New organization)$/ }),
        ).toBeVisible();
        await takeScreenshot(page, testInfo, `drawer-${language}-${device}`, { fullPage: false });
        problems.push(...(await seriousViolations(page, `drawer ${language}`)));
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: /^(Excluir organização|Delete organization)$/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await takeScreenshot(page, testInfo, `delete-organization-${language}-${device}`, { fullPage: false });
      await page.keyboard.press('Escape');

      await visitor.setViewportSize(size);
      await visitor.goto(`${link.replace(/^https?:\/\/[^/]+/, '')}`.replace('#', `?lng=${language}#`));
      await expect(visitor.getByText(invitedEmail).first()).toBeVisible(LOADED);
      await takeScreenshot(visitor, testInfo, `invitation-${language}-${device}`);
      problems.push(...(await seriousViolations(visitor, `invitation ${language} ${device}`)));
      if (await hasHorizontalOverflow(visitor))
        problems.push(`invitation ${language} ${device}: scrolls sideways`);
    }
  }
  expect(problems).toEqual([]);
  await page.context().close();
  await visitor.context().close();
});
