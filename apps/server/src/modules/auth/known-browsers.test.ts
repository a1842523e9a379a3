import type { TokenSet } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownBrowsers } from '../../db/schema/second-factors.ts';
import { users } from '../../db/schema/users.ts';
import { drainAfterResponse } from '../../lib/after-response.ts';
import { sha256 } from '../../lib/secrets.ts';
import { PASSWORD, signUpConfirmed, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { type ReceivedMail, readCode } from '../../test/smtp-sink.ts';

/**
 * Issue 25, item 6: a sign-in from a browser not seen before e-mails the user (time, IP, browser); the same
 * browser again does not, nor the browser that just signed up. Browsers are told apart by a long-lived
 * httpOnly cookie whose hash is kept per user.
 */
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const COOKIE = 'cotacep_browser';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const isNotice = (mail: ReceivedMail) => mail.subject.startsWith('Novo acesso');

/** A browser: keeps the cookies it is given and sends them back, with the XSRF header axios echoes. */
function openBrowser(userAgent = FIREFOX_ON_WINDOWS, remoteAddress = '203.0.113.7') {
  const jar = new Map<string, string>();
  return {
    cookie: (name: string) => jar.get(name),
    async post(url: string, payload: object) {
      const cookies = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await test.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress,
        headers: {
          'user-agent': userAgent,
          ...(cookies ? { cookie: cookies, 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' } : {}),
        },
      });
      for (const { name, value } of response.cookies) jar.set(name, value);
      return response;
    },
  };
}

type Browser = ReturnType<typeof openBrowser>;

async function logIn(browser: Browser, email: string): Promise<LightMyRequestResponse> {
  const response = await browser.post('/api/auth/login', { email, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Sign-up and confirmation in one browser, which the confirmation signs in. */
async function signUpIn(browser: Browser): Promise<string> {
  const email = uniqueEmail('browser');
  const signup = await browser.post('/api/auth/signup', {
    firstName: 'Ana',
    lastName: 'Souza',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const code = readCode(await test.smtp.waitFor(email));
  const confirm = await browser.post('/api/auth/signup/confirm', { email, code });
  expect(confirm.statusCode, confirm.body).toBe(200);
  expect((confirm.json() as Partial<TokenSet>).accessToken).toEqual(expect.any(String));
  return email;
}

async function noticesTo(email: string): Promise<ReceivedMail[]> {
  await drainAfterResponse();
  return test.smtp.messages.filter((mail) => mail.to.includes(email) && isNotice(mail));
}

const storedHashes = async (email: string) =>
  (
    await test.database.db
      .select({ tokenHash: knownBrowsers.tokenHash })
      .from(knownBrowsers)
      .innerJoin(users, eq(users.id, knownBrowsers.userId))
      .where(eq(users.email, email))
  ).map((row) => row.tokenHash);

describe('sign-ins from a browser not seen before', () => {
  it('the browser that signed up is recorded, silently; signing in there again sends nothing', async () => {
    const home = openBrowser();
    const email = await signUpIn(home);
    const token = home.cookie(COOKIE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is kept.
    expect(await storedHashes(email)).toEqual([sha256(token!)]);

    const again = await logIn(home, email);
    expect(again.cookies.find((cookie) => cookie.name === COOKIE)?.value).toBe(token);
    expect(await noticesTo(email)).toEqual([]);
    expect(await storedHashes(email)).toEqual([sha256(token!)]);
  });

  it('another browser gets the e-mail once, with the time, its IP and browser; then it is known', async () => {
    const home = openBrowser();
    const email = await signUpIn(home);
    const away = openBrowser(FIREFOX_ON_WINDOWS, '198.51.100.23');
    await logIn(away, email);
    const mail = await test.smtp.waitFor(email, isNotice);
    const text = Buffer.from(mail.text, 'latin1').toString('utf8');
    expect(mail.subject).toBe('Novo acesso à sua conta Cotacep');
    expect(text).toContain('(America/Sao_Paulo), sua conta Cotacep foi acessada de um navegador');
    expect(text).toContain('Navegador: Firefox 128 no Windows');
    expect(text).toContain('Endereço IP: 198.51.100.23');
    expect(text).toContain('http://localhost:3000/account/security');

    await logIn(away, email);
    await logIn(home, email);
    expect(await noticesTo(email)).toHaveLength(1);
    expect(await storedHashes(email)).toHaveLength(2);
  });

  it('an account confirmed elsewhere: its first sign-in is recorded silently, the next new browser is told of', async () => {
    const email = await signUpConfirmed(test);
    const first = openBrowser();
    await logIn(first, email);
    expect(await noticesTo(email)).toEqual([]);
    await logIn(openBrowser(), email);
    expect(await noticesTo(email)).toHaveLength(1);
  });

  it('a cookie the user never had, or a made-up one, counts as a new browser', async () => {
    const shared = openBrowser();
    const ana = await signUpIn(shared);
    const bruno = await signUpIn(openBrowser());
    // Ana's browser is new to Bruno; it keeps its one cookie for both.
    const token = shared.cookie(COOKIE);
    await logIn(shared, bruno);
    expect(shared.cookie(COOKIE)).toBe(token);
    expect(await noticesTo(bruno)).toHaveLength(1);
    expect(await noticesTo(ana)).toEqual([]);

    const forged = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ana, password: PASSWORD },
      headers: {
        cookie: `${COOKIE}=made-up; XSRF-TOKEN=${shared.cookie('XSRF-TOKEN')}`,
        'x-xsrf-token': shared.cookie('XSRF-TOKEN')!,
      },
    });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.cookies.find((cookie) => cookie.name === COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await noticesTo(ana)).toHaveLength(1);
  });

  it('the second step of a challenge, not the first, signs in and records the browser', async () => {
    const email = await signUpIn(openBrowser());
    await test.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.email, email));
    const away = openBrowser();
    const login = await away.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(away.cookie(COOKIE)).toBeUndefined();
    const { session } = (login.json() as { challenge: { session: string } }).challenge;
    const code = readCode(await test.smtp.waitFor(email, (mail) => !isNotice(mail)));
    const answer = await away.post('/api/auth/login/challenge', { session, code });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(away.cookie(COOKIE)).toBeDefined();
    expect(await noticesTo(email)).toHaveLength(1);
  });

  it('a refused login sets no cookie and sends nothing', async () => {
    const email = await signUpIn(openBrowser());
    const stranger = openBrowser();
    const refused = await stranger.post('/api/auth/login', { email, password: `${PASSWORD}!` });
    expect(refused.statusCode).toBe(401);
    expect(stranger.cookie(COOKIE)).toBeUndefined();
    expect(await noticesTo(email)).toEqual([]);
  });
});

describe('the browser cookie', () => {
  it('is httpOnly, SameSite=Lax, for a year, and not Secure over http', async () => {
    const email = await signUpConfirmed(test);
    const response = await logIn(openBrowser(), email);
    const header = [response.headers['set-cookie']].flat().find((line) => line?.startsWith(`${COOKIE}=`));
    expect(header).toMatch(
      /^cotacep_browser=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it('over https is a Secure __Host- cookie', async () => {
    const secure = await createIdentityTestApp({ PUBLIC_URL: 'https://portal.example' });
    try {
      const email = await signUpConfirmed(secure);
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(200);
      const header = [response.headers['set-cookie']]
        .flat()
        .find((line) => line?.includes('cotacep_browser='));
      expect(header).toMatch(
        /^__Host-cotacep_browser=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
    } finally {
      await secure.close();
    }
  });
});
