import {
  type Browser,
  type CDPSession,
  expect,
  type Page,
  request,
  type TestInfo,
  test,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
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
import { type LocalhostPortal, startLocalhostPortal } from './support/localhost-portal.ts';
import { type SmtpServer, startSmtpServer } from './support/smtp.ts';

/**
 * Issue 25's screens in Chromium, in both languages: the Security tab with no second factor, the
 * authenticator app's QR code, the recovery codes shown once, a passkey made by the virtual authenticator,
 * renamed and removed; the Members tab's switch (refused, then on) and badges; and a member sent to enrol
 * after signing in. Each screen and dialog is scanned by axe (nothing serious or critical) and shot at 1280 px
 * and 390 px, where nothing may scroll sideways. A portal on `localhost`: passkeys need a host name.
 */
let smtp: SmtpServer;
let portal: LocalhostPortal;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
  portal = await startLocalhostPortal();
});
test.afterAll(async () => {
  await portal?.close();
  await smtp?.close();
});

const PASSWORD = 'a security tab journey password';
const TEXT = {
  'pt-BR': {
    email: 'E-mail',
    password: /^Senha/,
    logIn: 'Entrar',
    security: 'Segurança',
    members: 'Membros',
    setUpTotp: 'Configurar aplicativo autenticador',
    qr: 'QR code que adiciona a sua conta a um aplicativo autenticador',
    totpCode: /^Código do aplicativo/,
    turnOn: 'Ativar',
    saved: 'Já guardei',
    addPasskey: 'Adicionar passkey',
    continue: 'Continuar',
    passkeyName: /^Nome/,
    actionsFor: (name: string) => `Ações de ${name}`,
    rename: 'Renomear',
    remove: 'Remover',
    regenerate: 'Gerar novos códigos',
    policy: 'Verificação em duas etapas',
    require: 'Exigir verificação em duas etapas',
    required: 'agora exige verificação em duas etapas.',
    enrolment: 'Verificação em duas etapas obrigatória',
  },
  en: {
    email: 'Email',
    password: /^Password/,
    logIn: 'Log In',
    security: 'Security',
    members: 'Members',
    setUpTotp: 'Set up authenticator app',
    qr: 'QR code that adds your account to an authenticator app',
    totpCode: /^Code from the app/,
    turnOn: 'Turn on',
    saved: 'I have saved them',
    addPasskey: 'Add a passkey',
    continue: 'Continue',
    passkeyName: /^Name/,
    actionsFor: (name: string) => `Actions for ${name}`,
    rename: 'Rename',
    remove: 'Remove',
    regenerate: 'Generate new codes',
    policy: 'Two-step verification',
    require: 'Require two-step verification',
    required: 'now requires two-step verification.',
    enrolment: 'Two-step verification required',
  },
} as const;

/** A portal API call with the bearer token, from a client of its own (no cookies, so no XSRF check). */
async function callApi(token: string, method: 'GET' | 'POST', path: string, data?: object) {
  const client = await request.newContext({ baseURL: portal.baseURL });
  try {
    const response = await client.fetch(path, {
      method,
      data,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  } finally {
    await client.dispose();
  }
}

async function logInThroughApi(email: string): Promise<string> {
  const login = await postApi(portal.baseURL, '/api/auth/login', { email, password: PASSWORD });
  expect(login.status, login.body).toBe(200);
  return JSON.parse(login.body).accessToken;
}

/** An Owner and a Developer of the Owner's organization, neither with a second factor yet. */
async function ownerAndMember(language: string) {
  const stamp = `${language}-${Date.now()}`;
  const owner = `security-owner-${stamp}@example.com`;
  const member = `security-member-${stamp}@example.com`;
  await signUpThroughApi(portal.baseURL, smtp, owner, PASSWORD);
  await signUpThroughApi(portal.baseURL, smtp, member, PASSWORD);
  const ownerToken = await logInThroughApi(owner);
  const { items } = await callApi(ownerToken, 'GET', '/api/organizations');
  const organization = items.find((item: { isDefault: boolean }) => item.isDefault);
  await callApi(ownerToken, 'POST', `/api/organizations/${organization.id}/invitations`, {
    email: member,
    role: 'developer',
  });
  const mail = await smtp.waitForMail(member, /convidou você|invited you/);
  const token = /\/invitations\/accept#token=([\w-]+)/.exec(mail.text)?.[1];
  await callApi(await logInThroughApi(member), 'POST', '/api/invitations/accept', { token });
  return { owner, member };
}

async function newPage(browser: Browser, language: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: portal.baseURL,
    locale: language,
    viewport: DESKTOP,
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  return context.newPage();
}

/** Chromium's virtual authenticator: it makes passkeys without a dialog. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function logIn(page: Page, language: keyof typeof TEXT, email: string, path: string) {
  const text = TEXT[language];
  await page.goto(`/auth/login?redirect=${encodeURIComponent(path)}`);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: text.email }).fill(email);
  await main.getByLabel(text.password).fill(PASSWORD);
  await main.getByRole('button', { name: text.logIn, exact: true }).click();
}

for (const language of LANGUAGES) {
  test(`the Security tab's second factors and the organization's requirement — ${language}`, async ({
    browser,
  }, testInfo: TestInfo) => {
    test.setTimeout(300_000);
    const text = TEXT[language];
    const { owner, member } = await ownerAndMember(language);
    const page = await newPage(browser, language);
    await addVirtualAuthenticator(page);
    const main = page.locator('main');
    const dialog = () => page.getByRole('dialog');
    const problems: string[] = [];
    /** axe at 1280 px, then the screenshots at 1280 px and 390 px (where nothing may scroll sideways). */
    const check = async (target: Page, name: string) => {
      problems.push(...(await seriousViolations(target, `${name} ${language}`)));
      await takeScreenshot(target, testInfo, `security-${name}-${language}-1280`);
      await target.setViewportSize(PHONE);
      if (await hasHorizontalOverflow(target))
        problems.push(`${name} ${language}: scrolls sideways at 390 px`);
      await takeScreenshot(target, testInfo, `security-${name}-${language}-390`);
      await target.setViewportSize(DESKTOP);
    };

    // No second factor yet.
    await logIn(page, language, owner, '/account/settings?tab=security');
    await expect(main.getByRole('button', { name: text.setUpTotp })).toBeVisible(LOADED);
    await page.waitForLoadState('networkidle');
    await check(page, 'tab-empty');

    // The Members tab: the switch refused while the Owner has neither, the badges in words.
    await main.getByRole('tab', { name: text.members }).click();
    const policy = main.getByRole('region', { name: text.policy });
    await policy.getByRole('switch', { name: text.require }).click({ force: true });
    await expect(policy.getByRole('alert')).toBeVisible();
    await check(page, 'members-refused');

    // The authenticator app: the QR code and the setup code, then the recovery codes shown once.
    await main.getByRole('tab', { name: text.security }).click();
    await main.getByRole('button', { name: text.setUpTotp }).click();
    await expect(dialog().getByRole('img', { name: text.qr })).toBeVisible();
    await check(page, 'totp-dialog');
    const secret = (await dialog().getByTestId('totp-setup-code').textContent()) ?? '';
    const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), period: 30, digits: 6 });
    await dialog().getByRole('textbox', { name: text.totpCode }).fill(totp.generate());
    await dialog().getByRole('button', { name: text.turnOn }).click();
    await expect(dialog().getByRole('listitem')).toHaveCount(10);
    await check(page, 'recovery-codes');
    await dialog().getByRole('button', { name: text.saved }).click();
    await expect(dialog()).toHaveCount(0);

    // A passkey from the virtual authenticator: named, made, renamed, then the dialogs to rename and remove.
    await main.getByRole('button', { name: text.addPasskey }).click();
    await dialog().getByRole('textbox', { name: text.passkeyName }).fill('Chromium');
    await check(page, 'add-passkey');
    await dialog().getByRole('button', { name: text.continue }).click();
    await expect(main.getByRole('button', { name: text.actionsFor('Chromium') })).toBeVisible(LOADED);
    await page.waitForLoadState('networkidle');
    await check(page, 'tab-with-factors');
    for (const action of [text.rename, text.remove]) {
      await main.getByRole('button', { name: text.actionsFor('Chromium') }).click();
      await page.getByRole('menuitem', { name: action }).click();
      await expect(dialog()).toBeVisible();
      await check(page, `passkey-${action === text.rename ? 'rename' : 'remove'}`);
      await page.keyboard.press('Escape');
      await expect(dialog()).toHaveCount(0);
    }
    await main.getByRole('button', { name: text.regenerate }).click();
    await expect(dialog()).toBeVisible();
    await check(page, 'regenerate-confirm');
    await page.keyboard.press('Escape');

    // The requirement on: the member without a second factor stands out.
    await main.getByRole('tab', { name: text.members }).click();
    await main
      .getByRole('region', { name: text.policy })
      .getByRole('switch', { name: text.require })
      .click({ force: true });
    await expect(page.getByText(text.required)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check(page, 'members-required');
    await page.context().close();

    // The member signs in and is sent to enrol before any page of the organization.
    const memberPage = await newPage(browser, language);
    await logIn(memberPage, language, member, '/dashboard');
    await expect(memberPage).toHaveURL(/\/account\/security\?enrol=required$/, LOADED);
    await expect(memberPage.getByText(text.enrolment)).toBeVisible(LOADED);
    await memberPage.waitForLoadState('networkidle');
    await check(memberPage, 'enrolment-required');
    await memberPage.context().close();

    expect(problems).toEqual([]);
  });
}
