import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeDeliveryThrottle } from '../../db/schema/code-delivery-throttle.ts';
import { post, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

/**
 * Issue 23: the forgot-password limit (codes per address per hour) tells how long to wait, in the
 * request's language and as seconds (`retryAfter`, `Retry-After`), so the screen can say it too.
 */
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp({ CODE_MAX_PER_HOUR: '2' });
});
afterAll(() => test.close());

const forgot = (email: string, language: string) =>
  post(test.app, '/api/auth/forget-password', { email }, { 'accept-language': language });

describe('forgot password: the limit says how long to wait', () => {
  it('a second code to the same address within the minute: 429 with the wait in seconds and in words', async () => {
    const email = uniqueEmail();
    expect((await forgot(email, 'en')).statusCode).toBe(200);

    const refused = await forgot(email, 'en');
    expect(refused.statusCode).toBe(429);
    const body = refused.json() as { code: string; message: string; retryAfter: number };
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(body.retryAfter));
    expect(body.message).toBe('Too many attempts. Try again in 1 minute.');
    expect((await forgot(email, 'pt-BR')).json().message).toBe(
      'Muitas tentativas. Tente novamente em 1 minuto.',
    );
  });

  it('past the hourly codes of an address: the wait until the hour is over, in minutes', async () => {
    const email = uniqueEmail();
    expect((await forgot(email, 'en')).statusCode).toBe(200);
    // The last code is an hour-long window's second: pretend the gap has passed.
    await test.database.db.update(codeDeliveryThrottle).set({ lastSentAt: new Date(Date.now() - 120_000) });
    expect((await forgot(email, 'en')).statusCode).toBe(200);
    await test.database.db.update(codeDeliveryThrottle).set({ lastSentAt: new Date(Date.now() - 120_000) });

    const refused = await forgot(email, 'pt-BR');
    expect(refused.statusCode).toBe(429);
    const body = refused.json() as { message: string; retryAfter: number };
    expect(body.retryAfter).toBeGreaterThan(50 * 60);
    const minutes = Math.ceil(body.retryAfter / 60);
    expect(body.message).toBe(`Muitas tentativas. Tente novamente em ${minutes} minutos.`);
  });
});
