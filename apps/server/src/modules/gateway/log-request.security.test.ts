import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAfterResponse } from '../../lib/after-response.ts';
import { createTestApp } from '../../test/app.ts';
import { PASSWORD, signUpConfirmed } from '../../test/auth-flows.ts';
import type { IdentityTestApp } from '../../test/identity-app.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';

/**
 * Issue 25, item 6: no full client IP in any log line. Request lines name the client's network (IPv4 /24,
 * IPv6 /48); the new-browser e-mail, which tells the user the full address, logs none of it, nor the
 * browser's cookie, even when its delivery fails.
 */
const lines: string[] = [];
let test: IdentityTestApp;

beforeAll(async () => {
  const smtp = await startSmtpSink();
  const app = await createTestApp({
    env: {
      LOG_LEVEL: 'trace',
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_RATE_LIMIT_MAX: '10000',
      CODE_MAX_PER_IP_PER_HOUR: '2',
    },
    logStream: { write: (line) => void lines.push(line) },
  });
  test = {
    ...app,
    smtp,
    async close() {
      await app.close();
      await smtp.close();
    },
  };
});
afterAll(() => test.close());

describe('client addresses in the log', () => {
  it('sign-ins from new browsers over IPv4 and IPv6 log no full address and no browser cookie', async () => {
    const email = await signUpConfirmed(test);
    const failing = await signUpConfirmed(test);
    test.smtp.refuseRecipient(failing);
    const logIn = (who: string, remoteAddress: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: who, password: PASSWORD },
        remoteAddress,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
      });
    const cookies: string[] = [];
    const addresses = ['203.0.113.77', '2001:db8:abcd:12::7', '198.51.100.9', '2001:db8:ffff:1::9'];
    // The first sign-in records its browser; each later one, cookie-less, is a new browser.
    for (const [who, address] of [
      [email, addresses[0]!],
      [email, addresses[1]!],
      [failing, addresses[2]!],
      [failing, addresses[3]!],
    ]) {
      const response = await logIn(who!, address!);
      expect(response.statusCode, response.body).toBe(200);
      cookies.push(response.cookies.find((cookie) => cookie.name === 'cotacep_browser')!.value);
    }
    await drainAfterResponse();
    // The user is told the full address; the log is not.
    const notice = await test.smtp.waitFor(email, (mail) => mail.subject.startsWith('Novo acesso'));
    expect(notice.text).toContain('2001:db8:abcd:12::7');

    const log = lines.join('');
    expect(log).toContain('"remoteAddress":"203.0.113.0/24"');
    expect(log).toContain('"remoteAddress":"2001:db8:abcd::/48"');
    expect(log).toContain('security notice not sent');
    expect(addresses.filter((address) => log.includes(address))).toEqual([]);
    expect(cookies.filter((cookie) => log.includes(cookie))).toEqual([]);
  });

  it('a client refused codes for its address is logged by its network', async () => {
    const ask = (n: number) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auth/forget-password',
        payload: { email: `someone.${n}@example.com` },
        remoteAddress: '192.0.2.55',
      });
    const answers = [await ask(1), await ask(2), await ask(3)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    const log = lines.join('');
    expect(log).toContain('"limit":"ip","limitValue":"192.0.2.0/24"');
    expect(log).not.toContain('192.0.2.55');
  });
});
