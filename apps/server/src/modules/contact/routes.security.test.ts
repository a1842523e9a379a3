import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../db/schema/contact-requests.ts';
import { uniqueEmail } from '../../test/auth-flows.ts';
import { revokeSession } from '../auth/tokens/sessions.ts';
import {
  CONTACT_URL,
  type ContactTestApp,
  createContactTestApp,
  TEAM_EMAIL,
} from './test-support/contact-app.ts';

const message = 'A question about the CEP API.';
const post = (
  test: ContactTestApp,
  payload: object,
  options: { headers?: Record<string, string>; ip?: string } = {},
) =>
  test.app.inject({
    method: 'POST',
    url: CONTACT_URL,
    payload,
    headers: { 'accept-language': 'en', ...options.headers },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
const stored = (test: ContactTestApp, email: string) =>
  test.database.db.select().from(contactRequests).where(eq(contactRequests.email, email));

describe('contact: security', () => {
  let test: ContactTestApp;
  beforeAll(async () => {
    test = await createContactTestApp();
  });
  afterAll(() => test.close());

  it('never takes the account from the body, and an ended session only makes the message anonymous', async () => {
    const { userId, sessionId, accessToken } = await test.signIn();
    const email = uniqueEmail('spoof');
    const spoofed = await post(test, { topic: 'general', name: 'Eve', email, message, userId });
    expect(spoofed.statusCode).toBe(201);
    await revokeSession(test.database.db, sessionId, 'logout');
    const ended = await post(
      test,
      { topic: 'general', name: 'Eve', email, message },
      { headers: { authorization: `Bearer ${accessToken}` } },
    );
    expect(ended.statusCode).toBe(201);
    const forged = await post(
      test,
      { topic: 'general', name: 'Eve', email, message },
      { headers: { authorization: 'Bearer not.a.token' } },
    );
    expect(forged.statusCode).toBe(201);
    expect((await stored(test, email)).map((row) => row.userId)).toEqual([null, null, null]);
  });

  it('refuses a line break in the name (a header in the team’s e-mail) and escapes HTML', async () => {
    const email = uniqueEmail('inject');
    const refused = await post(test, {
      topic: 'general',
      name: 'Eve\r\nBcc: all@example.com',
      email,
      message,
    });
    expect(refused.statusCode).toBe(400);
    expect(await stored(test, email)).toEqual([]);

    const response = await post(test, {
      topic: 'general',
      name: '<b>Eve</b>',
      email,
      message: '<script>alert(1)</script> <a href="https://evil.example">win</a>',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const team = await test.smtp.waitFor(TEAM_EMAIL, (mail) => mail.text.includes(id));
    const html = team.text.slice(team.text.indexOf('Content-Type: text/html'));
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<a href');
    // Anyone can type someone else's address: the acknowledgement repeats none of the sender's text.
    const acknowledgement = await test.smtp.waitFor(email);
    expect(acknowledgement.text).not.toContain('Eve');
    expect(acknowledgement.text).not.toContain('evil.example');
  });
});

describe('contact: bot protection (ALTCHA)', () => {
  let test: ContactTestApp;
  beforeAll(async () => {
    test = await createContactTestApp({
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_COST: '1',
      ALTCHA_MAX_COUNTER: '40',
    });
  });
  afterAll(() => test.close());

  async function solvedPayload(): Promise<string> {
    const challenge = await test.identity.captcha.altcha!.createChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('needs a solved challenge, once; nothing is kept or mailed without one', async () => {
    const email = uniqueEmail('captcha');
    const body = { topic: 'enterprise', name: 'Ana', email, message };
    const missing = await post(test, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'CaptchaRequired',
      message: 'Please complete the human verification.',
    });
    expect((await post(test, { ...body, captchaToken: 'garbage' })).json().code).toBe('CaptchaFailed');
    expect(await stored(test, email)).toEqual([]);
    expect(test.smtp.countTo(email)).toBe(0);

    const captchaToken = await solvedPayload();
    expect((await post(test, { ...body, captchaToken })).statusCode).toBe(201);
    const replay = await post(test, { ...body, captchaToken });
    expect(replay.json().code).toBe('CaptchaFailed');
    expect(await stored(test, email)).toHaveLength(1);
  });
});

describe('contact: rate limit', () => {
  let test: ContactTestApp;
  beforeAll(async () => {
    test = await createContactTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
  });
  afterAll(() => test.close());

  it('answers 429 past the per-IP limit, keeping nothing, while another IP still gets through', async () => {
    const email = uniqueEmail('flood');
    const body = { topic: 'general', name: 'Ana', email, message };
    const ip = '203.0.113.7';
    expect((await post(test, body, { ip })).statusCode).toBe(201);
    expect((await post(test, body, { ip })).statusCode).toBe(201);
    const limited = await post(test, body, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TooManyRequests' });
    expect(await stored(test, email)).toHaveLength(2);
    expect((await post(test, body, { ip: '198.51.100.9' })).statusCode).toBe(201);
  });
});
