import { createTestApp, type TestApp } from './app.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

export type IdentityTestApp = TestApp & { smtp: SmtpSink };

/**
 * The real app with a real SMTP server on loopback receiving its e-mail. Captcha is off and the
 * per-IP limits generous unless a test says otherwise (their own tests turn them on): every request comes
 * from one address and most addresses are @example.com, so the hourly code limits per client IP and per
 * e-mail domain would end a file's sign-ups early.
 */
export async function createIdentityTestApp(env: Record<string, string> = {}): Promise<IdentityTestApp> {
  const smtp = await startSmtpSink();
  const test = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      AUTH_RATE_LIMIT_MAX: '10000',
      CODE_MAX_PER_IP_PER_HOUR: '100000',
      CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: '100000',
      PUBLIC_URL: 'http://localhost:3000',
      ...env,
    },
  });
  return {
    ...test,
    smtp,
    async close() {
      await test.close();
      await smtp.close();
    },
  };
}
