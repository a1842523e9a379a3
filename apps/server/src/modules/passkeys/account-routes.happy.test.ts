import type { Passkey } from '@cotacep/shared/passkey-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema/second-factors.ts';
import { bearer, PASSWORD, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { addPasskey, ORIGIN, registerPasskey, registrationOptions } from '../../test/passkey-flows.ts';
import { createSoftwareAuthenticator } from '../../test/software-authenticator.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const call = (token: string, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  test.app.inject({ method, url, payload, headers: bearer(token) });
const list = async (token: string) =>
  ((await call(token, 'GET', '/api/account/passkeys')).json() as { items: Passkey[] }).items;

describe('adding passkeys', () => {
  it('registers two named passkeys; the first comes with ten recovery codes, the second with none', async () => {
    const { tokens } = await signedIn(test);
    const laptop = createSoftwareAuthenticator({ origin: ORIGIN });
    const phone = createSoftwareAuthenticator({ origin: ORIGIN });
    const first = await addPasskey(test, tokens.accessToken, laptop, 'Notebook');
    expect(first.passkey).toMatchObject({ name: 'Notebook', lastUsedAt: null, backedUp: true });
    expect(first.recoveryCodes).toHaveLength(10);
    expect(new Set(first.recoveryCodes).size).toBe(10);
    const second = await addPasskey(test, tokens.accessToken, phone, 'Celular');
    expect(second.recoveryCodes).toBeNull();
    expect((await list(tokens.accessToken)).map((item) => item.name)).toEqual(['Notebook', 'Celular']);
    const [stored] = await test.database.db.select().from(passkeys).where(eq(passkeys.id, first.passkey.id));
    expect(stored).toMatchObject({
      credentialId: laptop.credentials[0]!.id.toString('base64url'),
      transports: 'internal',
    });
  });

  it('asks for a discoverable credential, excludes the ones the user has, and binds it to PUBLIC_URL', async () => {
    const { tokens } = await signedIn(test);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    await addPasskey(test, tokens.accessToken, authenticator, 'Notebook');
    const { options } = await registrationOptions(test, tokens.accessToken);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Cotacep' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials?.map((entry) => entry.id)).toEqual([
      authenticator.credentials[0]!.id.toString('base64url'),
    ]);
  });

  it('names a passkey sent without a name after the browser that made it, in the account language', async () => {
    const { tokens } = await signedIn(test);
    const response = await registerPasskey(
      test,
      tokens.accessToken,
      createSoftwareAuthenticator({ origin: ORIGIN }),
      {
        headers: {
          'user-agent':
            'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
        },
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().passkey.name).toBe('Chrome 126 no macOS');
  });
});

describe('renaming and removing', () => {
  it('renames a passkey', async () => {
    const { tokens } = await signedIn(test);
    const { passkey } = await addPasskey(
      test,
      tokens.accessToken,
      createSoftwareAuthenticator({ origin: ORIGIN }),
      'Old',
    );
    const renamed = await call(tokens.accessToken, 'PATCH', `/api/account/passkeys/${passkey.id}`, {
      name: '  YubiKey  ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...passkey, name: 'YubiKey' });
    expect((await list(tokens.accessToken)).map((item) => item.name)).toEqual(['YubiKey']);
  });

  it('removes a passkey while another remains without the password, and the last one with it', async () => {
    const { tokens } = await signedIn(test);
    const one = await addPasskey(
      test,
      tokens.accessToken,
      createSoftwareAuthenticator({ origin: ORIGIN }),
      'One',
    );
    const two = await addPasskey(
      test,
      tokens.accessToken,
      createSoftwareAuthenticator({ origin: ORIGIN }),
      'Two',
    );
    const first = await call(tokens.accessToken, 'DELETE', `/api/account/passkeys/${one.passkey.id}`);
    expect(first.statusCode, first.body).toBe(204);
    expect((await list(tokens.accessToken)).map((item) => item.name)).toEqual(['Two']);
    const last = await call(tokens.accessToken, 'DELETE', `/api/account/passkeys/${two.passkey.id}`, {
      password: PASSWORD,
    });
    expect(last.statusCode, last.body).toBe(204);
    expect(await list(tokens.accessToken)).toEqual([]);
  });
});

describe('the API reference', () => {
  it('lists every passkey route in /api/openapi.json: the account ones with the token, sign-in without', async () => {
    const document = (await test.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
    };
    const operation = (path: string, method: string) => document.paths[path]?.[method];
    for (const [path, method] of [
      ['/api/account/passkeys', 'get'],
      ['/api/account/passkeys/options', 'post'],
      ['/api/account/passkeys', 'post'],
      ['/api/account/passkeys/{id}', 'patch'],
      ['/api/account/passkeys/{id}', 'delete'],
    ] as const)
      expect(operation(path, method), `${method} ${path}`).toMatchObject({ security: [{ bearerAuth: [] }] });
    for (const path of ['/api/auth/passkey/options', '/api/auth/passkey/verify']) {
      expect(operation(path, 'post')?.tags, path).toEqual(['Auth']);
      expect(operation(path, 'post')?.security, path).toBeUndefined();
    }
  });
});
