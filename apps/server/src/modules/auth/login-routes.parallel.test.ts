import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { PASSWORD, signUpConfirmed } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

// A long first lock, so "afterwards" is still inside it however slow the machine is.
const env = { LOGIN_LOCKOUT_BASE_SECONDS: '600' };

let test: IdentityTestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  test = await createIdentityTestApp(env);
  // A second instance of the server on the same database, as two replicas behind a balancer.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    CAPTCHA_PROVIDER: 'off',
    AUTH_RATE_LIMIT_MAX: '10000',
    PUBLIC_URL: 'http://localhost:3000',
    SMTP_URL: test.smtp.url,
    ...env,
  });
  second = await buildApp({ config, database: test.database });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await test.close();
});

describe('login: 50 parallel wrong passwords on one account, two instances, 50 addresses', () => {
  it('evaluates at most 5 passwords, refuses the rest as locked, and then refuses the right one too', async () => {
    const email = await signUpConfirmed(test);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 ? second : test.app).inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: `wrong password ${index}` },
          remoteAddress: `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.json().code as string);
    // Each NotAuthorized is one password verified; a locked answer verifies nothing.
    expect(codes.filter((code) => code === 'NotAuthorized').length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 'PasswordAttemptsExceeded').length).toBeGreaterThanOrEqual(45);
    expect(codes.every((code) => code === 'NotAuthorized' || code === 'PasswordAttemptsExceeded')).toBe(true);
    const right = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('PasswordAttemptsExceeded');
  });
});
