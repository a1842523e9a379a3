import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/app.ts';
import { bearer, PASSWORD, post, signUp, uniqueEmail } from './test/auth-flows.ts';
import type { IdentityTestApp } from './test/identity-app.ts';
import { readCode, startSmtpSink } from './test/smtp-sink.ts';

/**
 * Issue 28: no secret, key, code or password ever reaches the log. A whole journey (sign-up, confirmation,
 * login, refresh, a key made and used both ways, a forgotten password and its reset, an OAuth callback's
 * code in a URL, requests refused on the way) runs with every log line kept, at the most verbose level; then each secret it used is looked for.
 */
const APP_SECRET = 'app-secret-for-the-log-test-0123456789abcdef';
const NEW_PASSWORD = 'another horse battery staple';
const OAUTH_CODE = 'oauth-authorization-code-4f1c9a';
const lines: string[] = [];
let test: IdentityTestApp;

beforeAll(async () => {
  const smtp = await startSmtpSink();
  const app = await createTestApp({
    env: {
      LOG_LEVEL: 'trace',
      APP_SECRET,
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      PUBLIC_URL: 'http://localhost:3000',
      METRICS_TOKEN: 'metrics-token-for-the-log-test-0123456789',
    },
    logStream: { write: (line) => void lines.push(line) },
  });
  test = {
    ...app,
    smtp,
    async close() {
      await app.close();
      await smtp.close();
    },
  };
});
afterAll(() => test.close());

describe('the log of a whole journey', () => {
  it('holds none of the secrets the journey used, and a request id on every request line', async () => {
    const { app } = test;
    const email = uniqueEmail('logs');
    await signUp(test, email);
    const signupCode = readCode(await test.smtp.waitFor(email));
    // A wrong code first, then the right one.
    await post(app, '/api/auth/signup/confirm', {
      email,
      code: signupCode === '000000' ? '111111' : '000000',
    });
    expect((await post(app, '/api/auth/signup/confirm', { email, code: signupCode })).statusCode).toBe(200);
    // A wrong password, a malformed request carrying the password, then the right one.
    await post(app, '/api/auth/login', { email, password: `${PASSWORD}!` });
    await post(app, '/api/auth/login', { email: `not an e-mail ${PASSWORD}`, password: PASSWORD });
    const login = await post(app, '/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const tokens = login.json() as TokenSet;
    const refresh = await post(app, '/api/auth/token/refresh', { refreshToken: tokens.refreshToken });
    expect(refresh.statusCode, refresh.body).toBe(200);
    const refreshed = refresh.json() as TokenSet;

    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: bearer(refreshed.accessToken),
      payload: { description: 'Log test', kind: 'public', allowedOrigins: '*' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json() as KeyWithSecret;
    const quote = '/quotes/json/last/USD-BRL';
    expect(
      (await app.inject({ method: 'GET', url: quote, headers: { 'x-api-key': secret } })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${quote}?token=${secret}` })).statusCode).toBe(200);
    const forged = `${secret.slice(0, -6)}abcdef`;
    await app.inject({ method: 'GET', url: `${quote}?format=json&token=${forged}` });
    await app.inject({ method: 'GET', url: '/api/account', headers: bearer(`${tokens.accessToken}x`) });

    await post(app, '/api/auth/forget-password', { email });
    const resetCode = readCode(await test.smtp.waitFor(email, (mail) => mail.subject.includes('Redefina')));
    const reset = await post(app, '/api/auth/reset-password', {
      email,
      code: resetCode,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // An OAuth callback carries the provider's one-time code in its address.
    await app.inject({ method: 'GET', url: `/api/auth/oauth/github/callback?code=${OAUTH_CODE}&state=s` });
    expect((await post(app, '/api/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const log = lines.join('');
    const secrets = {
      password: PASSWORD,
      newPassword: NEW_PASSWORD,
      signupCode,
      resetCode,
      oauthCode: OAUTH_CODE,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      refreshedAccessToken: refreshed.accessToken,
      refreshedRefreshToken: refreshed.refreshToken,
      apiKey: secret,
      forgedKey: forged,
      appSecret: APP_SECRET,
    };
    console.info(`log of the journey: ${lines.length} lines, ${log.length} characters`);
    expect(lines.length).toBeGreaterThan(30);
    const found = Object.entries(secrets).filter(([, value]) => log.includes(value));
    expect(found.map(([name]) => name)).toEqual([]);

    // JSON lines; every line about a request carries its id.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = entries.filter((entry) => entry.req || entry.res);
    expect(requestLines.length).toBeGreaterThan(20);
    for (const entry of requestLines) expect(entry.reqId).toEqual(expect.any(String));
  });
});
