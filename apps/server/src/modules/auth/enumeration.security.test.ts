import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeDeliveryThrottle } from '../../db/schema/code-delivery-throttle.ts';
import { users } from '../../db/schema/users.ts';
import { drainAfterResponse } from './after-response.ts';
import { PASSWORD, post, signUp, signUpConfirmed, uniqueEmail } from './test-support/flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from './test-support/identity-app.ts';

// Decision 017: sign-up, forgot-password and resend answer a taken address exactly like a free one.
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const form = (email: string) => ({
  firstName: 'Ana',
  lastName: 'Souza',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
});
const strip = (body: string) => ({ ...JSON.parse(body), requestId: undefined });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const countUsers = async () => (await test.database.db.select().from(users)).length;

/**
 * Times `samples` requests for each of two addresses, interleaved, with the work after each answer
 * finished and the throttle cleared between them, so only the answer itself is measured.
 */
async function timePair(samples: number, send: (index: number, which: 0 | 1) => Promise<unknown>) {
  const times: [number[], number[]] = [[], []];
  for (let index = 0; index < samples; index += 1) {
    for (const which of index % 2 ? ([1, 0] as const) : ([0, 1] as const)) {
      await test.database.db.delete(codeDeliveryThrottle);
      const started = performance.now();
      await send(index, which);
      times[which].push(performance.now() - started);
      await drainAfterResponse();
    }
  }
  return { known: median(times[0]), unknown: median(times[1]) };
}

/** Close enough that nothing can be told apart: within 20 % or 0.5 ms of each other. */
function expectSameTime({ known, unknown }: { known: number; unknown: number }) {
  const allowed = Math.max(0.5, 0.2 * Math.min(known, unknown));
  expect(Math.abs(known - unknown), `known ${known} ms, unknown ${unknown} ms`).toBeLessThan(allowed);
}

describe('sign-up with an e-mail that has an account', () => {
  it('answers 201 with the same body as a new address, stores nothing, and tells the owner', async () => {
    const owner = await signUpConfirmed(test, uniqueEmail('owner'));
    // The sign-up e-mails of one address share a 60 s gap; let the owner's own sign-up's pass.
    await test.database.db.delete(codeDeliveryThrottle);
    const fresh = uniqueEmail('owner');
    const before = await countUsers();
    const taken = await post(test.app, '/api/auth/signup', form(owner.toUpperCase()));
    const created = await post(test.app, '/api/auth/signup', form(fresh));
    expect(taken.statusCode).toBe(201);
    expect(created.statusCode).toBe(201);
    expect(strip(taken.body)).toEqual(strip(created.body));
    expect(await countUsers()).toBe(before + 1);
    const notice = await test.smtp.waitFor(owner, (mail) => mail.subject.includes('tentou'));
    expect(notice.subject).toBe('Alguém tentou criar uma conta Cotacep com o seu e-mail');
    expect(notice.text).toContain('http://localhost:3000/auth/login');
    expect(notice.text).toContain(
      `http://localhost:3000/auth/forget-password?email=${encodeURIComponent(owner)}`,
    );
    // The password typed by whoever tried did not replace the owner's.
    const login = await post(test.app, '/api/auth/login', { email: owner, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('writes to the owner in the owner’s language', async () => {
    const owner = uniqueEmail('english');
    await signUp(test, owner, { language: 'en' });
    await drainAfterResponse();
    await test.database.db.delete(codeDeliveryThrottle);
    await post(test.app, '/api/auth/signup', form(owner));
    const notice = await test.smtp.waitFor(owner, (mail) => mail.subject.includes('tried'));
    expect(notice.subject).toBe('Someone tried to create a Cotacep account with your e-mail');
    expect(notice.text).toContain('Forgot your password? Reset it:');
  });

  it('takes as long as a sign-up with a new address', async () => {
    const owner = await signUpConfirmed(test, uniqueEmail('timed'));
    const times = await timePair(11, (_, which) =>
      post(test.app, '/api/auth/signup', form(which === 0 ? owner : uniqueEmail('timed'))),
    );
    // Both hash the password and try the same INSERT; an argon2id hash dominates both.
    const ratio = times.known / times.unknown;
    expect(ratio, JSON.stringify(times)).toBeGreaterThan(0.75);
    expect(ratio, JSON.stringify(times)).toBeLessThan(1.33);
  });
});

describe('forgot-password and resend: a known address answers like an unknown one', () => {
  it('resend moments after a sign-up answers 200 like any address, with the same body', async () => {
    const email = uniqueEmail('resend');
    await signUp(test, email);
    const known = await post(test.app, '/api/auth/signup/resend', { email });
    const unknown = await post(test.app, '/api/auth/signup/resend', { email: uniqueEmail('resend') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(strip(known.body)).toEqual(strip(unknown.body));
  });

  it('forgot-password: same status, body and time', async () => {
    const known = await signUpConfirmed(test, uniqueEmail('forgot'));
    const bodies: [string[], string[]] = [[], []];
    const times = await timePair(31, async (_, which) => {
      const email = which === 0 ? known : uniqueEmail('forgot');
      const response = await post(test.app, '/api/auth/forget-password', { email });
      expect(response.statusCode).toBe(200);
      bodies[which].push(JSON.stringify(strip(response.body)));
    });
    expect(new Set([...bodies[0], ...bodies[1]]).size).toBe(1);
    expectSameTime(times);
  });

  it('resend: same status, body and time', async () => {
    const known = uniqueEmail('again');
    await signUp(test, known);
    const bodies: [string[], string[]] = [[], []];
    const times = await timePair(31, async (_, which) => {
      const email = which === 0 ? known : uniqueEmail('again');
      const response = await post(test.app, '/api/auth/signup/resend', { email });
      expect(response.statusCode).toBe(200);
      bodies[which].push(JSON.stringify(strip(response.body)));
    });
    expect(new Set([...bodies[0], ...bodies[1]]).size).toBe(1);
    expectSameTime(times);
    const [user] = await test.database.db.select().from(users).where(eq(users.email, known));
    expect(user?.emailConfirmedAt).toBeNull();
  });
});
