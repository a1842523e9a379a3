import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

describe('profile: errors change nothing', () => {
  it('refuses anonymous requests and bad tokens with 401', async () => {
    expect((await test.app.inject({ url: '/api/account' })).statusCode).toBe(401);
    const bad = await test.app.inject({ url: '/api/account', headers: bearer('not.a.jwt') });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('Unauthorized');
    const patch = await test.app.inject({
      method: 'PATCH',
      url: '/api/account',
      payload: { firstName: 'X' },
    });
    expect(patch.statusCode).toBe(401);
  });

  it('refuses a CPF/CNPJ with wrong check digits, an unknown time zone and a bad currency', async () => {
    const { tokens } = await signedIn(test);
    const patch = (payload: object) =>
      test.app.inject({
        method: 'PATCH',
        url: '/api/account',
        headers: { ...bearer(tokens.accessToken), 'accept-language': 'en' },
        payload,
      });
    const messages = async (payload: object) =>
      (await patch(payload)).json().message.map((issue: { message: string }) => issue.message);
    expect(await messages({ taxId: '529.982.247-24' })).toEqual(['Please enter a valid CPF or CNPJ']);
    expect(await messages({ taxId: '12.ABC.345/01DE-36' })).toEqual(['Please enter a valid CPF or CNPJ']);
    expect(await messages({ timezone: 'Mars/Olympus' })).toEqual(['Please choose a valid time zone']);
    expect(await messages({ currency: 'real' })).toEqual(['Please choose a valid currency']);
    expect(await messages({ firstName: '' })).toEqual(['Please enter your name']);
    const account = (
      await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) })
    ).json();
    expect(account).toMatchObject({
      taxId: null,
      timezone: 'America/Sao_Paulo',
      currency: 'BRL',
      firstName: 'Ana',
    });
  });
});
