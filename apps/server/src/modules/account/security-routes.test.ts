import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const en = { 'accept-language': 'en' };
const changePassword = (
  token: string,
  currentPassword: string,
  newPassword: string,
  confirmPassword = newPassword,
) =>
  test.app.inject({
    method: 'POST',
    url: '/api/account/password',
    headers: { ...bearer(token), ...en },
    payload: { currentPassword, newPassword, confirmPassword },
  });

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { email, tokens } = await signedIn(test);
    const other = (await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json();
    const changed = await changePassword(tokens.accessToken, PASSWORD, 'another fine passphrase');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Saved successfully' });
    expect(
      (await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) })).statusCode,
    ).toBe(200);
    expect(
      (await test.app.inject({ url: '/api/account', headers: bearer(other.accessToken) })).statusCode,
    ).toBe(401);
    expect(
      (await post(test.app, '/api/auth/login', { email, password: 'another fine passphrase' })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong current password, the same password and a common one, changing nothing', async () => {
    const { email, tokens } = await signedIn(test);
    expect(
      (await changePassword(tokens.accessToken, 'not my password', 'another fine passphrase')).json().code,
    ).toBe('NotAuthorized');
    const same = await changePassword(tokens.accessToken, PASSWORD, PASSWORD);
    expect(same.json().message[0].message).toBe('New password must be different from the current password.');
    expect((await changePassword(tokens.accessToken, PASSWORD, 'superman123')).json().code).toBe(
      'PasswordTooCommon',
    );
    const mismatch = await changePassword(tokens.accessToken, PASSWORD, 'another fine passphrase', 'x');
    expect(mismatch.json().message[0].message).toBe('Passwords do not match');
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('MFA settings', () => {
  it('turns e-mail MFA on and off', async () => {
    const { email, tokens } = await signedIn(test);
    const put = (enabled: boolean) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/account/mfa',
        headers: bearer(tokens.accessToken),
        payload: { enabled, method: 'email' },
      });
    expect((await put(true)).json().mfa).toEqual({ enabled: true, method: 'email' });
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json()).toHaveProperty(
      'challenge',
    );
    expect((await put(false)).json().mfa).toEqual({ enabled: false, method: 'email' });
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json()).toHaveProperty(
      'accessToken',
    );
  });
});
