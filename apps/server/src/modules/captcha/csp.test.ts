import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let test: TestApp | null = null;
afterEach(async () => {
  await test?.close();
  test = null;
});

async function cspFor(env: Record<string, string>): Promise<Map<string, string[]>> {
  test = await createTestApp({ env: { CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET_KEY: 'secret', ...env } });
  const header = String((await test.app.inject({ url: '/healthz' })).headers['content-security-policy']);
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('Content-Security-Policy for the bot protection', () => {
  it('lets only Google load reCAPTCHA script and frames when a reCAPTCHA mode is configured', async () => {
    const csp = await cspFor({ CAPTCHA_PROVIDER: 'recaptcha-v3' });
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
  });

  it('lets Cloudflare in for Turnstile, and nobody else', async () => {
    const csp = await cspFor({ CAPTCHA_PROVIDER: 'turnstile' });
    expect(csp.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
  });

  it.each(['altcha', 'off'])('adds no outside origin for %s', async (provider) => {
    const csp = await cspFor({ CAPTCHA_PROVIDER: provider });
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });
});
