import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { codeDeliveryThrottle } from '../../db/schema/code-delivery-throttle.ts';
import { outboxMessages } from '../../db/schema/outbox-messages.ts';
import { users } from '../../db/schema/users.ts';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { drainAfterResponse } from '../../lib/after-response.ts';
import { sha256 } from '../../lib/secrets.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, PASSWORD, signedIn, signUpConfirmed, uniqueEmail } from '../../test/auth-flows.ts';
import { formOf, startHttpStub } from '../../test/http-stub.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { countDeliveryRefusals } from './delivery-throttle.ts';

/**
 * Issue 22, SMS pumping: 25 different numbers from one free account were 25 paid SMS in 0.3 s. Codes to
 * destinations the requester types are limited per hour per account, per client IP and per destination
 * prefix (phone country and area code, e-mail domain), atomically, and every refusal is counted.
 */
const gateway = await startHttpStub((request) => ({
  status: 201,
  json: { sid: `SM${Math.random()}`, status: 'queued', to: formOf(request).To },
}));
const SMS_ENV = {
  SMS_API_URL: gateway.url,
  SMS_ACCOUNT_SID: 'AC1',
  SMS_AUTH_TOKEN: 'secret',
  SMS_FROM: '+15005550006',
};
afterAll(() => gateway.close());

/** SMS the gateway was asked to send (each one paid) to numbers starting with `prefix`. */
const smsSent = (prefix: string) =>
  gateway.requests.filter((request) => formOf(request).To!.startsWith(prefix)).length;

let serial = 0;
/** A fresh number under a prefix, e.g. `+5511` → +5511 9xxxx xxxx, never the same twice in this file. */
function number(prefix: string): string {
  serial += 1;
  return `${prefix}9${String(10_000_000 + serial * 7919).slice(-8)}`;
}

function changePhone(test: IdentityTestApp, token: string, phone: string, ip = '127.0.0.1') {
  return test.app.inject({
    method: 'POST',
    url: '/api/account/phone',
    payload: { phone },
    headers: { ...bearer(token), 'accept-language': 'en' },
    remoteAddress: ip,
  });
}

function anonymous(test: IdentityTestApp, url: string, payload: object, ip: string) {
  return test.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

const signupForm = (email: string) => ({
  firstName: 'Ana',
  lastName: 'Souza',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
});

function expectLimitRefusal(response: Awaited<ReturnType<typeof changePhone>>) {
  expect(response.statusCode, response.body).toBe(429);
  const body = response.json();
  expect(body.code).toBe('CodeDeliveryLimitExceeded');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(body.retryAfter).toBe(retryAfter);
  return body as { message: string; retryAfter: number };
}

describe('per account: the default lets 25 codes an hour through, not 26', () => {
  let test: IdentityTestApp;
  beforeAll(async () => {
    // The account and phone-prefix limits at their defaults (25 and 50 an hour).
    test = await createIdentityTestApp(SMS_ENV);
  });
  afterAll(() => test.close());

  it('26 different numbers one after another: 25 SMS, the 26th refused with 429 and nothing stored', async () => {
    const { email, tokens } = await signedIn(test);
    const numbers = Array.from({ length: 26 }, () => number('+5511'));
    for (const phone of numbers.slice(0, 25)) {
      const response = await changePhone(test, tokens.accessToken, phone);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(smsSent('+5511')).toBe(25);
    const refusalsBefore = (await countDeliveryRefusals(test.database.db)).account ?? 0;

    const refused = await changePhone(test, tokens.accessToken, numbers[25]!);
    const body = expectLimitRefusal(refused);
    expect(body.message).toBe(
      `Too many verification codes were sent in the last hour. Try again in ${Math.ceil(body.retryAfter / 60)} minutes.`,
    );
    // Nothing sent, and nothing stored: the pending number, the code and the number's own throttle stay.
    expect(smsSent('+5511')).toBe(25);
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.pendingPhone).toBe(numbers[24]);
    const [code] = await test.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user!.id), eq(verificationCodes.purpose, 'phone_verify')));
    expect(code!.destination).toBe(numbers[24]);
    const throttleOfRefused = await test.database.db
      .select()
      .from(codeDeliveryThrottle)
      .where(eq(codeDeliveryThrottle.key, sha256(`phone_verify:${numbers[25]}`)));
    expect(throttleOfRefused).toEqual([]);
    expect(await test.database.db.select().from(outboxMessages)).toHaveLength(0);
    // The refusal is counted.
    expect((await countDeliveryRefusals(test.database.db)).account).toBe(refusalsBefore + 1);

    // In Portuguese too.
    const pt = await test.app.inject({
      method: 'POST',
      url: '/api/account/phone',
      payload: { phone: number('+5511') },
      headers: { ...bearer(tokens.accessToken), 'accept-language': 'pt-BR' },
    });
    expect(pt.statusCode).toBe(429);
    expect(pt.json().message).toBe(
      `Muitos códigos de verificação foram enviados na última hora. Tente novamente em ${Math.ceil(pt.json().retryAfter / 60)} minutos.`,
    );
  });

  it('40 numbers in parallel from one account: at most 25 SMS', async () => {
    const { tokens } = await signedIn(test);
    const before = smsSent('+5531');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => changePhone(test, tokens.accessToken, number('+5531'))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(25);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) expectLimitRefusal(answer);
    expect(smsSent('+5531') - before).toBe(25);
  });

  it('e-mail codes count against the same limit as SMS', async () => {
    const { email, tokens } = await signedIn(test);
    for (let index = 0; index < 24; index += 1) {
      expect((await changePhone(test, tokens.accessToken, number('+5541'))).statusCode).toBe(200);
    }
    const change = (address: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/account/email',
        payload: { email: address },
        headers: bearer(tokens.accessToken),
      });
    expect((await change(`first.${email}`)).statusCode).toBe(200);
    expectLimitRefusal(await change(`second.${email}`));
    await drainAfterResponse();
    expect(test.smtp.messages.some((mail) => mail.to.includes(`second.${email}`))).toBe(false);
  });
});

describe('per client IP, per phone prefix and per e-mail domain', () => {
  let test: IdentityTestApp;
  beforeAll(async () => {
    test = await createIdentityTestApp({
      ...SMS_ENV,
      CODE_MAX_PER_IP_PER_HOUR: '4',
      CODE_MAX_PER_PHONE_PREFIX_PER_HOUR: '3',
      CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: '3',
    });
  });
  afterAll(() => test.close());
  // Each case starts from zero: the accounts' own sign-ups count too (from 127.0.0.1, to example.com).
  afterEach(() => test.database.db.delete(codeDeliveryThrottle));

  it('one IP across several accounts', async () => {
    const [first, second] = [await signedIn(test), await signedIn(test)];
    await test.database.db.delete(codeDeliveryThrottle);
    const ip = '198.51.100.7';
    expect((await changePhone(test, first.tokens.accessToken, number('+5511'), ip)).statusCode).toBe(200);
    expect((await changePhone(test, first.tokens.accessToken, number('+5521'), ip)).statusCode).toBe(200);
    expect((await changePhone(test, second.tokens.accessToken, number('+5531'), ip)).statusCode).toBe(200);
    expect((await changePhone(test, second.tokens.accessToken, number('+5541'), ip)).statusCode).toBe(200);
    const before = gateway.requests.length;
    const refusalsBefore = (await countDeliveryRefusals(test.database.db)).ip ?? 0;
    expectLimitRefusal(await changePhone(test, second.tokens.accessToken, number('+5551'), ip));
    expect(gateway.requests.length).toBe(before);
    expect((await countDeliveryRefusals(test.database.db)).ip).toBe(refusalsBefore + 1);
    // Another address is not held back by that one.
    const other = await changePhone(test, second.tokens.accessToken, number('+5551'), '198.51.100.8');
    expect(other.statusCode).toBe(200);
  });

  it('an IPv6 client counts by its /64', async () => {
    const { tokens } = await signedIn(test);
    await test.database.db.delete(codeDeliveryThrottle);
    for (let host = 1; host <= 4; host += 1) {
      const ip = `2001:db8:7:9::${host.toString(16)}`;
      expect((await changePhone(test, tokens.accessToken, number(`+55${10 + host}`), ip)).statusCode).toBe(
        200,
      );
    }
    expectLimitRefusal(await changePhone(test, tokens.accessToken, number('+5561'), '2001:db8:7:9::ffff'));
    expect((await changePhone(test, tokens.accessToken, number('+5561'), '2001:db8:7:a::1')).statusCode).toBe(
      200,
    );
  });

  it('one phone prefix across accounts and IPs', async () => {
    const [first, second] = [await signedIn(test), await signedIn(test)];
    await test.database.db.delete(codeDeliveryThrottle);
    const sent = (ip: string, token: string, phone: string) => changePhone(test, token, phone, ip);
    expect((await sent('192.0.2.1', first.tokens.accessToken, number('+5521'))).statusCode).toBe(200);
    expect((await sent('192.0.2.2', first.tokens.accessToken, number('+5521'))).statusCode).toBe(200);
    expect((await sent('192.0.2.3', second.tokens.accessToken, number('+5521'))).statusCode).toBe(200);
    const before = smsSent('+5521');
    const refusalsBefore = (await countDeliveryRefusals(test.database.db)).phone_prefix ?? 0;
    expectLimitRefusal(await sent('192.0.2.4', second.tokens.accessToken, number('+5521')));
    expect(smsSent('+5521')).toBe(before);
    expect((await countDeliveryRefusals(test.database.db)).phone_prefix).toBe(refusalsBefore + 1);
    // Another area code of the same country is another prefix.
    expect((await sent('192.0.2.4', second.tokens.accessToken, number('+5511'))).statusCode).toBe(200);
  });

  it('one e-mail domain across IPs, on sign-up: the 4th refused before anything is stored or sent', async () => {
    const domain = `pumped-${Date.now().toString(36)}.example`;
    const addresses = [1, 2, 3, 4].map((index) => `person${index}@${domain}`);
    for (const [index, email] of addresses.slice(0, 3).entries()) {
      const response = await anonymous(test, '/api/auth/signup', signupForm(email), `203.0.113.${index + 1}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    await drainAfterResponse();
    const refusalsBefore = (await countDeliveryRefusals(test.database.db)).email_domain ?? 0;
    const refused = await anonymous(test, '/api/auth/signup', signupForm(addresses[3]!), '203.0.113.9');
    expectLimitRefusal(refused);
    await drainAfterResponse();
    expect(await test.database.db.select().from(users).where(eq(users.email, addresses[3]!))).toEqual([]);
    expect(test.smtp.messages.some((mail) => mail.to.includes(addresses[3]!))).toBe(false);
    expect((await countDeliveryRefusals(test.database.db)).email_domain).toBe(refusalsBefore + 1);
  });
});

describe('the anonymous routes count every address alike (decision 017)', () => {
  let test: IdentityTestApp;
  beforeAll(async () => {
    test = await createIdentityTestApp({ CODE_MAX_PER_IP_PER_HOUR: '3' });
  });
  afterAll(() => test.close());

  it('forgot-password and resend: known and unknown addresses use up a client’s limit alike, and are refused alike', async () => {
    // Four accounts: their sign-ups (from 127.0.0.1) count too, so the counts restart halfway and after.
    const known = [await signUpConfirmed(test), await signUpConfirmed(test)];
    await test.database.db.delete(codeDeliveryThrottle);
    known.push(await signUpConfirmed(test), await signUpConfirmed(test));
    await test.database.db.delete(codeDeliveryThrottle);
    const unknown = [uniqueEmail('nobody'), uniqueEmail('nobody'), uniqueEmail('nobody')];
    const forgot = (email: string, ip: string) => anonymous(test, '/api/auth/forget-password', { email }, ip);
    for (const email of known.slice(0, 3)) expect((await forgot(email, '192.0.2.10')).statusCode).toBe(200);
    for (const email of unknown) expect((await forgot(email, '192.0.2.11')).statusCode).toBe(200);
    // Over the limit, an unknown address after known ones and a known one after unknown ones: one answer.
    const knownRefused = await forgot(uniqueEmail('nobody'), '192.0.2.10');
    const unknownRefused = await forgot(known[3]!, '192.0.2.11');
    expectLimitRefusal(knownRefused);
    expectLimitRefusal(unknownRefused);
    const strip = (body: string) => ({ ...JSON.parse(body), requestId: undefined, retryAfter: undefined });
    expect(strip(knownRefused.body)).toEqual(strip(unknownRefused.body));

    const resend = (email: string) => anonymous(test, '/api/auth/signup/resend', { email }, '192.0.2.12');
    for (const email of [known[1]!, unknown[1]!, uniqueEmail('nobody')]) {
      expect((await resend(email)).statusCode).toBe(200);
    }
    expectLimitRefusal(await resend(known[2]!));
  });

  it('sign-up: a taken address and a new one are refused alike once the client is over its limit', async () => {
    const owner = await signUpConfirmed(test);
    await test.database.db.delete(codeDeliveryThrottle);
    const ip = '192.0.2.20';
    for (let index = 0; index < 3; index += 1) {
      const email = index === 1 ? owner : uniqueEmail('limit');
      expect((await anonymous(test, '/api/auth/signup', signupForm(email), ip)).statusCode).toBe(201);
    }
    const taken = await anonymous(test, '/api/auth/signup', signupForm(owner), ip);
    const fresh = await anonymous(test, '/api/auth/signup', signupForm(uniqueEmail('limit')), ip);
    expectLimitRefusal(taken);
    expectLimitRefusal(fresh);
    const strip = (body: string) => ({ ...JSON.parse(body), requestId: undefined, retryAfter: undefined });
    expect(strip(taken.body)).toEqual(strip(fresh.body));
  });
});

describe('configuration', () => {
  it('reads the four limits, with their defaults', () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect(defaults).toMatchObject({
      CODE_MAX_PER_ACCOUNT_PER_HOUR: 25,
      CODE_MAX_PER_IP_PER_HOUR: 100,
      CODE_MAX_PER_PHONE_PREFIX_PER_HOUR: 50,
      CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: 500,
    });
    const set = loadConfig({
      NODE_ENV: 'test',
      CODE_MAX_PER_ACCOUNT_PER_HOUR: '3',
      CODE_MAX_PER_IP_PER_HOUR: '7',
      CODE_MAX_PER_PHONE_PREFIX_PER_HOUR: '11',
      CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: '13',
    });
    expect(set).toMatchObject({
      CODE_MAX_PER_ACCOUNT_PER_HOUR: 3,
      CODE_MAX_PER_IP_PER_HOUR: 7,
      CODE_MAX_PER_PHONE_PREFIX_PER_HOUR: 11,
      CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: 13,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', CODE_MAX_PER_ACCOUNT_PER_HOUR: '0' })).toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test', CODE_MAX_PER_IP_PER_HOUR: 'many' })).toThrow();
  });

  it('holds across two server instances on one database', async () => {
    const env = { ...SMS_ENV, CODE_MAX_PER_ACCOUNT_PER_HOUR: '4' };
    const first = await createIdentityTestApp(env);
    const second = await createTestApp({
      env: { SMTP_URL: first.smtp.url, CAPTCHA_PROVIDER: 'off', PUBLIC_URL: 'http://localhost:3000', ...env },
      database: first.database,
    });
    try {
      const { tokens } = await signedIn(first);
      const instances = [first.app, second.app, first.app, second.app, first.app, second.app];
      const answers = await Promise.all(
        instances.map((app) =>
          app.inject({
            method: 'POST',
            url: '/api/account/phone',
            payload: { phone: number('+5571') },
            headers: bearer(tokens.accessToken),
          }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(2);
    } finally {
      await second.app.close();
      await first.close();
    }
  });

  it('takes the account limit from the configuration', async () => {
    const test = await createIdentityTestApp({ ...SMS_ENV, CODE_MAX_PER_ACCOUNT_PER_HOUR: '2' });
    try {
      const { tokens } = await signedIn(test);
      expect((await changePhone(test, tokens.accessToken, number('+5561'))).statusCode).toBe(200);
      expect((await changePhone(test, tokens.accessToken, number('+5561'))).statusCode).toBe(200);
      expectLimitRefusal(await changePhone(test, tokens.accessToken, number('+5561')));
    } finally {
      await test.close();
    }
  });
});
