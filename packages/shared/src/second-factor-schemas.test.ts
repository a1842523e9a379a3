import { describe, expect, it } from 'vitest';
import { reauthenticateRequestSchema } from './account-schemas.ts';
import { loginChallengeRequestSchema, loginChallengeResendRequestSchema } from './auth-schemas.ts';
import { normalizeRecoveryCode, RECOVERY_CODE_ALPHABET } from './second-factor-schemas.ts';

describe('second-factor request schemas', () => {
  it('takes a recovery code as typed, and the method it is', () => {
    const parsed = loginChallengeRequestSchema.parse({
      session: 's',
      method: 'recovery',
      code: ' ABCDE-FGHJK ',
    });
    expect(parsed).toEqual({ session: 's', method: 'recovery', code: 'ABCDE-FGHJK' });
    expect(normalizeRecoveryCode(parsed.code)).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcde fghjk')).toBe('abcdefghjk');
  });

  it('keeps the old challenge body valid (no method), and refuses a method passkeys answer elsewhere', () => {
    expect(loginChallengeRequestSchema.safeParse({ session: 's', code: '123456' }).success).toBe(true);
    expect(
      loginChallengeRequestSchema.safeParse({ session: 's', method: 'passkey', code: '123456' }).success,
    ).toBe(false);
    expect(loginChallengeResendRequestSchema.safeParse({ session: 's', method: 'totp' }).success).toBe(false);
    expect(loginChallengeResendRequestSchema.parse({ session: 's', method: 'sms' }).method).toBe('sms');
  });

  it('re-authenticates with the authenticator app’s code, one proof at a time', () => {
    expect(reauthenticateRequestSchema.parse({ totp: '123456' })).toEqual({ totp: '123456' });
    expect(reauthenticateRequestSchema.safeParse({ totp: '123456', password: 'x' }).success).toBe(false);
  });

  it('writes recovery codes without look-alike characters', () => {
    for (const confusable of ['0', 'o', '1', 'l', 'i'])
      expect(RECOVERY_CODE_ALPHABET).not.toContain(confusable);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
  });
});
