import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signUpConfirmed, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

describe('forgot password: no enumeration', () => {
  it('answers the same status and body for a known and an unknown e-mail, throttle included', async () => {
    const known = await signUpConfirmed(test, uniqueEmail('same'));
    const unknown = uniqueEmail('same');
    const first = await Promise.all(
      [known, unknown].map((email) => post(test.app, '/api/auth/forget-password', { email })),
    );
    expect(first.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(first[0]!.json()).toEqual(first[1]!.json());
    expect(first[0]!.json().message).toBe(
      'Se houver uma conta com este e-mail, enviamos para ele um código para redefinir a senha.',
    );
    const second = await Promise.all(
      [known, unknown].map((email) => post(test.app, '/api/auth/forget-password', { email })),
    );
    expect(second.map((response) => response.statusCode)).toEqual([429, 429]);
    const strip = (body: string) => ({ ...JSON.parse(body), requestId: undefined, retryAfter: undefined });
    expect(strip(second[0]!.body)).toEqual(strip(second[1]!.body));
    await test.smtp.waitFor(known, (m) => m.subject.includes('Redefina'));
    expect(test.smtp.countTo(unknown)).toBe(0);
  });
});
