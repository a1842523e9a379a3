import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { PASSWORD, post, signUpConfirmed, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const en = { 'accept-language': 'en' };
const NEW_PASSWORD = 'a brand new passphrase';
const reset = (email: string, code: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  post(test.app, '/api/auth/reset-password', { email, code, newPassword, confirmPassword }, en);

async function resetCodeFor(email: string) {
  await post(test.app, '/api/auth/forget-password', { email });
  return readCode(await test.smtp.waitFor(email, (m) => m.subject.includes('Redefina')));
}

const stillOldPassword = async (email: string) =>
  (await post(test.app, '/api/auth/login', { email, password: PASSWORD })).statusCode === 200;

describe('password reset: errors change nothing', () => {
  it('a wrong code', async () => {
    const email = await signUpConfirmed(test);
    const code = await resetCodeFor(email);
    expect((await reset(email, code === '123456' ? '654321' : '123456')).json().code).toBe('CodeMismatch');
    expect(await stillOldPassword(email)).toBe(true);
  });

  it('an expired code', async () => {
    const email = await signUpConfirmed(test);
    const code = await resetCodeFor(email);
    await test.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.destination, email));
    expect((await reset(email, code)).json().code).toBe('ExpiredCode');
    expect(await stillOldPassword(email)).toBe(true);
  });

  it('a reused code', async () => {
    const email = await signUpConfirmed(test);
    const code = await resetCodeFor(email);
    expect((await reset(email, code)).statusCode).toBe(200);
    expect((await reset(email, code, 'yet another passphrase')).json().code).toBe('CodeMismatch');
    expect((await post(test.app, '/api/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('a common or short new password, or a mismatched confirmation, keeps the code usable', async () => {
    const email = await signUpConfirmed(test);
    const code = await resetCodeFor(email);
    expect((await reset(email, code, 'iloveyou123')).json().code).toBe('PasswordTooCommon');
    expect((await reset(email, code, 'short')).json().message[0].message).toBe(
      'The password must have at least 8 characters.',
    );
    expect((await reset(email, code, NEW_PASSWORD, 'other')).json().message[0].message).toBe(
      'Passwords do not match',
    );
    expect((await reset(email, code)).statusCode).toBe(200);
  });

  // Issue 23: a reset refuses the current password, as a change does; the code stays usable.
  it('the current password as the new one', async () => {
    const email = await signUpConfirmed(test);
    const code = await resetCodeFor(email);
    const same = await reset(email, code, PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'PasswordUnchanged',
      message: 'New password must be different from the current password.',
    });
    expect(await stillOldPassword(email)).toBe(true);
    expect((await reset(email, code)).statusCode).toBe(200);
  });

  it('an unknown e-mail fails like a wrong code', async () => {
    expect((await reset(uniqueEmail(), '123456')).json().code).toBe('CodeMismatch');
  });
});
