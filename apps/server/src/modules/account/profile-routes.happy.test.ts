import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

describe('profile', () => {
  it('reads the account and saves names, CNPJ (alphanumeric), locale, currency, time zone and language', async () => {
    const { email, tokens } = await signedIn(test);
    const before = await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) });
    expect(before.json()).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'Souza',
      phone: null,
      taxId: null,
      locale: 'pt-BR',
      currency: 'BRL',
      timezone: 'America/Sao_Paulo',
      language: 'pt-BR',
      plan: 'free',
      mfa: { enabled: false, method: 'email' },
      hasPassword: true,
      linkedProviders: [],
    });
    expect(before.json()).not.toHaveProperty('passwordHash');
    const patch = await test.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: bearer(tokens.accessToken),
      payload: {
        firstName: 'Ana Maria',
        taxId: '12.abc.345/01de-35',
        locale: 'en-US',
        currency: 'USD',
        timezone: 'America/Manaus',
        language: 'en',
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({
      firstName: 'Ana Maria',
      lastName: 'Souza',
      taxId: '12ABC34501DE35',
      taxIdKind: 'cnpj',
      locale: 'en-US',
      currency: 'USD',
      timezone: 'America/Manaus',
      language: 'en',
    });
    const cpf = await test.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: bearer(tokens.accessToken),
      payload: { taxId: '529.982.247-25' },
    });
    expect(cpf.json()).toMatchObject({ taxId: '52998224725', taxIdKind: 'cpf' });
    const cleared = await test.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: bearer(tokens.accessToken),
      payload: { taxId: null },
    });
    expect(cleared.json()).toMatchObject({ taxId: null, taxIdKind: null });
  });
});
