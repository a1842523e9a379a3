import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes (RFC 6238) through `otpauth`: six digits, SHA-1, 30-second steps, what every app
 * reads from a QR code. One step of tolerance either side absorbs a phone's clock drift and a code typed as
 * it turned; the caller stores the accepted step so each code is accepted once.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
const DIGITS = 6;

/** A new key: 160 random bits (RFC 4226's recommendation), base32 as apps take it. */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI the QR code holds: the issuer and the account (the e-mail) label the entry. */
export function totpUrl(secret: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    period: TOTP_PERIOD_SECONDS,
    digits: DIGITS,
  }).toString();
}

/** The 30-second step an instant falls in. */
export function totpStep(now = Date.now()): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now });
}

/** The step `code` belongs to, within the window around `now`, or null for a wrong code. */
export function findTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({
    token: code.replace(/\s/g, ''),
    secret: Secret.fromBase32(secret),
    period: TOTP_PERIOD_SECONDS,
    digits: DIGITS,
    timestamp: now,
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStep(now) + delta;
}
