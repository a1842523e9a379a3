import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAfterResponse } from '../../lib/after-response.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { post } from '../../test/auth-flows.ts';

let test: TestApp;
beforeAll(async () => {
  // No SMTP_URL: e-mail goes to the outbox and the development mailbox.
  test = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', PUBLIC_URL: 'http://localhost:3000' } });
});
afterAll(() => test.close());

describe('development mailbox', () => {
  it('shows the sign-up e-mail, in the recipient language, with its code and link', async () => {
    const email = `mailbox.${Date.now()}@example.com`;
    const signup = await post(test.app, '/api/auth/signup', {
      firstName: 'Ana',
      lastName: 'Souza',
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      language: 'en',
    });
    expect(signup.statusCode).toBe(201);
    // The code is e-mailed after the answer (decision 017).
    await drainAfterResponse();
    const mailbox = await test.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(mailbox.statusCode).toBe(200);
    const [message] = mailbox.json().messages;
    expect(message).toMatchObject({ to: email, subject: 'Confirm your Cotacep account', language: 'en' });
    expect(message.html).toContain('<p style="font-size:28px');
    const code = /\n(\d{6})\n/.exec(message.text)![1];
    expect(message.text).toContain(`code=${code}`);
    expect(message.text).toContain('It is valid for 24 hours.');
    const confirm = await post(test.app, '/api/auth/signup/confirm', { email, code });
    expect(confirm.statusCode).toBe(200);
    expect((await test.app.inject({ url: '/api/dev/mailbox/sms' })).json()).toEqual({ messages: [] });
  });
});

describe('production', () => {
  it('never registers the development mailbox', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        APP_SECRET: 'a-production-secret-of-at-least-32-chars',
        SMTP_URL: 'smtp://127.0.0.1:1',
        PUBLIC_URL: 'https://cotacep.example',
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        STRIPE_API_URL: 'http://127.0.0.1:1',
      },
    });
    try {
      expect((await production.app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect((await production.app.inject({ url: '/api/dev/mailbox/sms' })).statusCode).toBe(404);
      expect((await production.app.inject({ url: '/api/auth/providers' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
