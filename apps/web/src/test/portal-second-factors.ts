import type { PasskeyOptions, RegisterPasskeyResponse } from '@cotacep/shared/passkey-schemas';
import type { SecondFactors, TotpEnrolment, TotpVerifyResponse } from '@cotacep/shared/second-factor-schemas';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
// The one software WebAuthn authenticator (the server's tests prove it against the passkey routes): happy-dom
// has no WebAuthn, so passkeys are made through the API, as another browser of the account would.
import { createSoftwareAuthenticator } from '../../../server/src/test/software-authenticator.ts';
import type { PortalServer } from './portal-server.ts';

const PERIOD_MS = 30_000;
const stepOf = (time: number) => Math.floor(time / PERIOD_MS);

/**
 * An authenticator app for `secret`: each code is for a newer 30-second step than the last (the server
 * accepts a step once), using the step of tolerance ahead before waiting for the clock.
 */
export function createAuthenticatorApp(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), period: 30, digits: 6 });
  let lastStep = 0;
  return {
    async nextCode(): Promise<string> {
      let step = Math.max(lastStep + 1, stepOf(Date.now()));
      while (step > stepOf(Date.now()) + 1) await new Promise((resolve) => setTimeout(resolve, 500));
      step = Math.max(step, stepOf(Date.now()));
      lastStep = step;
      return totp.generate({ timestamp: step * PERIOD_MS });
    },
  };
}
export type AuthenticatorApp = ReturnType<typeof createAuthenticatorApp>;

async function expectStatus<T>(answer: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

/** Sets up an authenticator app through the API (right after a login: no re-authentication asked). */
export async function enableTotp(server: PortalServer, token: string) {
  const { secret } = await expectStatus(
    server.call<TotpEnrolment>('POST', '/account/mfa/totp', undefined, token),
    200,
  );
  const app = createAuthenticatorApp(secret);
  const { recoveryCodes } = await expectStatus(
    server.call<TotpVerifyResponse>(
      'POST',
      '/account/mfa/totp/verify',
      { code: await app.nextCode() },
      token,
    ),
    200,
  );
  return { app, recoveryCodes: recoveryCodes ?? [] };
}

/** The same through the API, answering the otpauth `TOTP` the key makes (for codes of chosen steps). */
export async function enrolAuthenticator(server: PortalServer, token: string) {
  const { secret } = await expectStatus(
    server.call<TotpEnrolment>('POST', '/account/mfa/totp', undefined, token),
    200,
  );
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
  // The previous step's code, not at a step's very end (the next one would be two steps behind).
  while (Date.now() % PERIOD_MS > PERIOD_MS - 2_000) await new Promise((resolve) => setTimeout(resolve, 250));
  const { recoveryCodes } = await expectStatus(
    server.call<TotpVerifyResponse>(
      'POST',
      '/account/mfa/totp/verify',
      { code: nextTotpCode(totp, -1) },
      token,
    ),
    200,
  );
  return { totp, recoveryCodes: recoveryCodes ?? [] };
}

/** The code `steps` 30-second steps from now (the server accepts one step either side, each step once). */
export function nextTotpCode(totp: TOTP, steps = 0): string {
  return totp.generate({ timestamp: Date.now() + steps * PERIOD_MS });
}

/** Verifies `phone` with the SMS code from the outbox and turns on the code by SMS at every sign-in. */
export async function turnOnSmsCodes(server: PortalServer, token: string, phone: string): Promise<void> {
  await expectStatus(server.call('POST', '/account/phone', { phone }, token), 200);
  const code = await server.readCode(phone, 'sms');
  await expectStatus(server.call('POST', '/account/phone/verify', { code }, token), 200);
  await expectStatus(server.call('PUT', '/account/mfa', { enabled: true, method: 'sms' }, token), 200);
}

/** Adds a passkey named `name` through the API, answered by a software authenticator on the server's origin. */
export async function addPasskey(
  server: PortalServer,
  token: string,
  name: string,
): Promise<RegisterPasskeyResponse> {
  const { ceremony, options } = await expectStatus(
    server.call<PasskeyOptions>('POST', '/account/passkeys/options', undefined, token),
    200,
  );
  const authenticator = createSoftwareAuthenticator({ origin: server.url });
  const response = authenticator.register(options as unknown as PublicKeyCredentialCreationOptionsJSON);
  return expectStatus(
    server.call<RegisterPasskeyResponse>('POST', '/account/passkeys', { ceremony, name, response }, token),
    201,
  );
}

export const readFactors = async (server: PortalServer, token: string) =>
  expectStatus(server.call<SecondFactors>('GET', '/account/mfa', undefined, token), 200);
