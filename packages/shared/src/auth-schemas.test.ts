import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema, updateAccountRequestSchema } from './account-schemas.ts';
import {
  loginChallengeRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
} from './auth-schemas.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const signup = {
  firstName: 'Ana',
  lastName: 'Souza',
  email: 'Ana@Example.com ',
  password: 'a long enough secret',
  confirmPassword: 'a long enough secret',
};

describe('identity request schemas', () => {
  it('normalises the e-mail and accepts a complete sign-up', () => {
    const parsed = signupRequestSchema.parse({ ...signup, phone: '+5511987654321', language: 'en' });
    expect(parsed.email).toBe('ana@example.com');
  });

  it('gives the spec §5 messages first, in order, for empty fields', () => {
    const result = signupRequestSchema.safeParse({
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
    });
    // Only the "required" message per empty field: the client shows the first item (spec §8).
    expect(messages(result)).toEqual([
      'validation.nameRequired',
      'validation.lastNameRequired',
      'validation.emailRequired',
      'validation.passwordRequired',
      'validation.confirmPasswordRequired',
    ]);
  });

  it('refuses short passwords, mismatched confirmations, bad e-mails and bad phones', () => {
    expect(
      messages(signupRequestSchema.safeParse({ ...signup, password: 'short', confirmPassword: 'short' })),
    ).toEqual(['validation.passwordTooShort']);
    expect(messages(signupRequestSchema.safeParse({ ...signup, confirmPassword: 'other secret!' }))).toEqual([
      'validation.passwordsMustMatch',
    ]);
    expect(messages(signupRequestSchema.safeParse({ ...signup, email: 'not-an-email' }))).toEqual([
      'validation.emailInvalid',
    ]);
    expect(messages(signupRequestSchema.safeParse({ ...signup, phone: '11 98765-4321' }))).toEqual([
      'validation.phoneInvalid',
    ]);
    expect(messages(signupRequestSchema.safeParse({ ...signup, password: 'x'.repeat(129) }))).toContain(
      'validation.passwordTooLong',
    );
  });

  it('asks for the MFA code and a 6-character minimum', () => {
    expect(messages(loginChallengeRequestSchema.safeParse({ session: 's', code: '' }))[0]).toBe(
      'validation.mfaCodeRequired',
    );
    expect(messages(loginChallengeRequestSchema.safeParse({ session: 's', code: '123' }))).toEqual([
      'validation.codeTooShort',
    ]);
  });

  it('checks the reset and change-password confirmations and that the new password differs', () => {
    const reset = { email: 'a@b.co', code: '123456', newPassword: 'new secret 1', confirmPassword: 'x' };
    expect(messages(resetPasswordRequestSchema.safeParse(reset))).toEqual(['validation.passwordsMustMatch']);
    const same = {
      currentPassword: 'same secret',
      newPassword: 'same secret',
      confirmPassword: 'same secret',
    };
    expect(messages(changePasswordRequestSchema.safeParse(same))).toEqual(['validation.passwordMustDiffer']);
    expect(messages(changePasswordRequestSchema.safeParse({ ...same, currentPassword: '' }))[0]).toBe(
      'validation.currentPasswordRequired',
    );
  });

  it('validates CPF/CNPJ, currency, time zone and locale on the profile', () => {
    expect(updateAccountRequestSchema.safeParse({ taxId: '12.ABC.345/01DE-35' }).success).toBe(true);
    expect(messages(updateAccountRequestSchema.safeParse({ taxId: '12.ABC.345/01DE-36' }))).toEqual([
      'validation.taxIdInvalid',
    ]);
    expect(updateAccountRequestSchema.safeParse({ taxId: null }).success).toBe(true);
    expect(messages(updateAccountRequestSchema.safeParse({ currency: 'real' }))).toEqual([
      'validation.currencyInvalid',
    ]);
    expect(messages(updateAccountRequestSchema.safeParse({ timezone: 'Mars/Olympus' }))).toEqual([
      'validation.timezoneInvalid',
    ]);
    expect(
      updateAccountRequestSchema.safeParse({ timezone: 'America/Sao_Paulo', locale: 'pt-BR' }).success,
    ).toBe(true);
  });
});
