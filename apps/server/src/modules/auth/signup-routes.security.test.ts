import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { post, signUp, signUpConfirmed, signupBrowser, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

describe('sign-up: security', () => {
  it('stores codes only as keyed hashes', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    const code = readCode(await test.smtp.waitFor(email));
    const rows = await test.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, email));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('counts at most 5 of 50 parallel wrong confirmation codes', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    const code = readCode(await test.smtp.waitFor(email));
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(test.app, '/api/auth/signup/confirm', { email, code: wrong })),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const [row] = await test.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, email));
    expect(row?.attempts).toBe(5);
    expect((await post(test.app, '/api/auth/signup/confirm', { email, code })).json().code).toBe(
      'ExpiredCode',
    );
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).toBeNull();
  });

  it('resend answers the same status and body for unknown, unconfirmed and confirmed e-mails', async () => {
    const unconfirmed = uniqueEmail('same');
    await signUp(test, unconfirmed);
    await test.database.db.delete(verificationCodes);
    const confirmed = await signUpConfirmed(test, uniqueEmail('same'));
    const unknown = uniqueEmail('same');
    // Let the sign-up codes' 60 s gap pass for the two real addresses.
    const { codeDeliveryThrottle } = await import('../../db/schema/code-delivery-throttle.ts');
    await test.database.db.delete(codeDeliveryThrottle);
    const bodies = [];
    for (const email of [unknown, unconfirmed, confirmed]) {
      const response = await post(test.app, '/api/auth/signup/resend', { email });
      expect(response.statusCode).toBe(200);
      bodies.push(response.json());
    }
    expect(bodies[0]).toEqual({
      message: 'Um código de verificação foi enviado.',
      delivery: { method: 'email', destination: 's***@e***.com', resendAfter: 60 },
    });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    // Only the unconfirmed account really gets a new code.
    await test.smtp.waitFor(unconfirmed, () => test.smtp.countTo(unconfirmed) === 2);
    expect(test.smtp.countTo(unknown)).toBe(0);
    expect(test.smtp.countTo(confirmed)).toBe(1);
  });

  it("signs in only the browser that signed up: another browser, or another address's cookie, only confirms", async () => {
    const victim = uniqueEmail('pre-hijack');
    const other = uniqueEmail('other');
    await signUp(test, victim);
    const otherSignup = await signUp(test, other);
    const otherBrowser = signupBrowser(otherSignup);
    const code = readCode(await test.smtp.waitFor(victim));

    const confirm = await post(
      test.app,
      '/api/auth/signup/confirm',
      { email: victim, code },
      { ...otherBrowser, 'accept-language': 'en' },
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ message: 'Account confirmed successfully, you can now login' });
    const { authSessions } = await import('../../db/schema/auth-sessions.ts');
    const [user] = await test.database.db.select().from(users).where(eq(users.email, victim));
    expect(user?.emailConfirmedAt).not.toBeNull();
    expect(
      await test.database.db.select().from(authSessions).where(eq(authSessions.userId, user!.id)),
    ).toEqual([]);
  });

  it('sets the same kind of sign-up cookie for a taken address as for a new one (no enumeration)', async () => {
    const taken = await signUpConfirmed(test, uniqueEmail('taken-cookie'));
    const fresh = uniqueEmail('fresh-cookie');
    const attributes = (setCookie: unknown) => String(setCookie).replace(/=[^;]+;/g, '=…;');
    const answers = [await signUp(test, taken), await signUp(test, fresh)];
    expect(attributes(answers[0]!.headers['set-cookie'])).toBe(attributes(answers[1]!.headers['set-cookie']));
    expect(String(answers[0]!.headers['set-cookie'])).toMatch(/HttpOnly/);
  });
});
