import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeDeliveryThrottle } from '../../db/schema/code-delivery-throttle.ts';
import { users } from '../../db/schema/users.ts';
import { drainAfterResponse } from '../../lib/after-response.ts';
import { PASSWORD, post, signUp, signUpConfirmed, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

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
 * finished and the throttle cleared between them, so only the answer itself is measured. Each pair is
 * sent in turn known-first and unknown-first; its difference (known − unknown) is kept too. Where the
 * unknown address can be asked again it is one fixed address, as the known one is: a fresh address each
 * time also measured a never-seen key against a seen one, not only an account against none.
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
  const differences = times[0].map((known, index) => known - times[1][index]!);
  return { known: median(times[0]), unknown: median(times[1]), differences };
}

/** The smallest count of one sign, out of `n` coin tosses, whose two-sided chance is below `alpha`. */
function signTestThreshold(n: number, alpha: number): number {
  const probabilities = [1];
  for (let k = 1; k <= n; k += 1) probabilities.push((probabilities[k - 1]! * (n - k + 1)) / k);
  let tail = 0;
  for (let k = n; k >= 0; k -= 1) {
    tail += probabilities[k]! / 2 ** n;
    if (2 * tail >= alpha) return k + 1;
  }
  return n + 1;
}

/** Below this the medians are as good as equal (it is far under a network's jitter). */
const NEGLIGIBLE_MS = 0.25;

/**
 * Nothing tells the two apart. Told apart would be: the paired differences lean one way far beyond chance
 * (sign test, under 1 in 1,000) and their median is more than a negligible 0.25 ms. Answers given the same
 * way differ only by noise, which on a busy 2-core machine is several milliseconds but falls on either side
 * of each pair; a real leak (work on the request path for one kind of address) puts nearly every pair on
 * one side: a 5 ms one is caught at a load of 16 on 2 cores, a 1 ms one on a quieter machine.
 */
function expectSameTime({ known, unknown, differences }: Awaited<ReturnType<typeof timePair>>) {
  const slower = differences.filter((difference) => difference > 0).length;
  const faster = differences.filter((difference) => difference < 0).length;
  const threshold = signTestThreshold(slower + faster, 1e-3);
  const leaning = Math.max(slower, faster) >= threshold;
  const gap = median(differences);
  const figures =
    `known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms (medians); known slower in ${slower} of` +
    ` ${slower + faster} pairs (told apart from ${threshold}), median difference ${gap.toFixed(2)} ms` +
    ` (negligible under ${NEGLIGIBLE_MS} ms)`;
  console.info(figures);
  expect(leaning && Math.abs(gap) > NEGLIGIBLE_MS, figures).toBe(false);
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
    // Both hash the password and try the same INSERT; an argon2id hash dominates both.
    const times = await timePair(21, (_, which) =>
      post(test.app, '/api/auth/signup', form(which === 0 ? owner : uniqueEmail('timed'))),
    );
    expectSameTime(times);
  }, 60_000);
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
    const unknown = uniqueEmail('forgot');
    const bodies: [string[], string[]] = [[], []];
    const times = await timePair(31, async (_, which) => {
      const email = which === 0 ? known : unknown;
      const response = await post(test.app, '/api/auth/forget-password', { email });
      expect(response.statusCode).toBe(200);
      bodies[which].push(JSON.stringify(strip(response.body)));
    });
    expect(new Set([...bodies[0], ...bodies[1]]).size).toBe(1);
    expectSameTime(times);
  }, 60_000);

  it('resend: same status, body and time', async () => {
    const known = uniqueEmail('again');
    await signUp(test, known);
    const unknown = uniqueEmail('again');
    const bodies: [string[], string[]] = [[], []];
    const times = await timePair(31, async (_, which) => {
      const email = which === 0 ? known : unknown;
      const response = await post(test.app, '/api/auth/signup/resend', { email });
      expect(response.statusCode).toBe(200);
      bodies[which].push(JSON.stringify(strip(response.body)));
    });
    expect(new Set([...bodies[0], ...bodies[1]]).size).toBe(1);
    expectSameTime(times);
    const [user] = await test.database.db.select().from(users).where(eq(users.email, known));
    expect(user?.emailConfirmedAt).toBeNull();
  }, 60_000);
});
