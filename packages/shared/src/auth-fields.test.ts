import { describe, expect, it } from 'vitest';
import { updateAccountRequestSchema } from './account-schemas.ts';
import { firstNameField, isPlainName, lastNameField } from './auth-fields.ts';
import { signupRequestSchema } from './auth-schemas.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const signup = {
  firstName: 'Ana',
  lastName: 'Souza',
  email: 'ana@example.com',
  password: 'a long enough secret',
  confirmPassword: 'a long enough secret',
};

// Issue 22: whoever signs up someone else's address chooses the name printed in the e-mails.
describe('person names: one line of plain text, no link and no address', () => {
  it('accepts the names people have', () => {
    for (const name of [
      'Ana',
      'Ana Maria',
      'José da Silva',
      "D'Ávila",
      'Anne-Marie',
      'J. R. R.',
      'J.R.R.',
      'Jr.',
      'Sr. Souza',
      'Nguyễn Văn An',
      'محمد',
      'राम', // Devanagari
      'می‌خواهم', // Persian with a zero-width non-joiner
      '李小龙',
    ]) {
      expect(isPlainName(name), name).toBe(true);
      expect(firstNameField.safeParse(name).success, name).toBe(true);
    }
  });

  it('refuses line breaks, control characters, bidi overrides and invisible characters', () => {
    for (const name of [
      'Ana\nSouza',
      'Ana\r\nBcc: x',
      'Ana\tSouza',
      'Ana\u0007',
      'Ana\u007f',
      'Ana\u0085Souza',
      'Ana\u009bSouza',
      'Ana\u202eazuoS',
      'Ana\u2066x\u2069',
      'Ana\u200fSouza',
      'Ana\u200bSouza',
      'Ana\ufeffSouza',
      'Ana\u2028Souza',
      'Ana\u2029Souza',
    ]) {
      expect(isPlainName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('refuses URLs, e-mail addresses and text that reads as a domain', () => {
    for (const name of [
      'Visit https://evil.example/reset now',
      'http://x',
      'hxxp://evil',
      'ftp://files',
      'www.evil.example',
      'WWW.EVIL.COM',
      'evil.example/reset',
      'Visit evil.com',
      'Ana evil.co',
      'reset.link',
      'ana@example.com',
      'Ana @ home',
      'evil\u3002com',
      'evil\uff0ecom',
      '203.0.113.7',
      'Ana.Maria',
    ]) {
      expect(isPlainName(name), name).toBe(false);
    }
  });

  it('gives its own message in both languages, on sign-up and on the profile alike', () => {
    const attack = 'Visit https://evil.example/reset now';
    expect(messages(signupRequestSchema.safeParse({ ...signup, firstName: attack }))).toEqual([
      'validation.personNameInvalid',
    ]);
    expect(messages(signupRequestSchema.safeParse({ ...signup, lastName: 'Souza\nClick here' }))).toEqual([
      'validation.personNameInvalid',
    ]);
    expect(messages(updateAccountRequestSchema.safeParse({ firstName: 'www.evil.example' }))).toEqual([
      'validation.personNameInvalid',
    ]);
    expect(messages(lastNameField.safeParse(''))).toEqual(['validation.lastNameRequired']);
    // Surrounding whitespace, line breaks included, is trimmed away rather than refused.
    expect(firstNameField.parse('  Ana\n')).toBe('Ana');
  });
});
