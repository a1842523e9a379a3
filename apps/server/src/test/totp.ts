import type { TotpEnrolment, TotpVerifyResponse } from '@cotacep/shared/second-factor-schemas';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { bearer } from './auth-flows.ts';

/** What an authenticator app shows at `at` (epoch ms) for a base32 key: six digits, 30-second steps. */
export function totpCode(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6, timestamp: at });
}

/**
 * Freezes the server's clock (`Date` only: timers and I/O run as usual) for the file, 10 s into a
 * 30-second step a little ahead of the real time, so a test knows which step every code belongs to. Sessions,
 * tokens and challenges all read the same clock, and so does PGlite's `now()`: rows made between two
 * `advance` calls share their `defaultNow()` timestamps.
 */
export function useTotpClock() {
  let now = 0;
  beforeAll(() => {
    now = (Math.floor(Date.now() / 30_000) + 1) * 30_000 + 10_000;
    vi.useFakeTimers({ toFake: ['Date'], now });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  return {
    now: () => now,
    advance(seconds: number) {
      now += seconds * 1000;
      vi.setSystemTime(now);
    },
  };
}

/** Adds an authenticator app through the routes (the session must be freshly signed in): its key and the recovery codes. */
export async function enrolTotp(app: FastifyInstance, accessToken: string) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/account/mfa/totp',
    headers: bearer(accessToken),
  });
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json() as TotpEnrolment;
  const verify = await app.inject({
    method: 'POST',
    url: '/api/account/mfa/totp/verify',
    headers: bearer(accessToken),
    payload: { code: totpCode(secret) },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return { secret, ...(verify.json() as TotpVerifyResponse) };
}
