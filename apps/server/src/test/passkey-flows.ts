import type { PasskeyOptions, RegisterPasskeyResponse } from '@cotacep/shared/passkey-schemas';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { expect } from 'vitest';
import { bearer, post } from './auth-flows.ts';
import type { IdentityTestApp } from './identity-app.ts';
import type { Overrides, SoftwareAuthenticator } from './software-authenticator.ts';

/** The origin of the identity test app's PUBLIC_URL, where the browser that answers the ceremonies is. */
export const ORIGIN = 'http://localhost:3000';

export type CreationOptions = { ceremony: string; options: PublicKeyCredentialCreationOptionsJSON };
export type RequestOptions = { ceremony: string; options: PublicKeyCredentialRequestOptionsJSON };

export async function registrationOptions(test: IdentityTestApp, token: string): Promise<CreationOptions> {
  const response = await post(test.app, '/api/account/passkeys/options', undefined, bearer(token));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PasskeyOptions as unknown as CreationOptions;
}

/** Options, the software authenticator's answer and the registration: the raw answer of the last step. */
export async function registerPasskey(
  test: IdentityTestApp,
  token: string,
  authenticator: SoftwareAuthenticator,
  { name, headers = {}, ...overrides }: Overrides & { name?: string; headers?: Record<string, string> } = {},
) {
  const { ceremony, options } = await registrationOptions(test, token);
  const response = authenticator.register(options, overrides);
  return post(
    test.app,
    '/api/account/passkeys',
    { ceremony, name, response },
    { ...bearer(token), ...headers },
  );
}

/** A registration that must succeed. */
export async function addPasskey(
  test: IdentityTestApp,
  token: string,
  authenticator: SoftwareAuthenticator,
  name?: string,
): Promise<RegisterPasskeyResponse> {
  const response = await registerPasskey(test, token, authenticator, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as RegisterPasskeyResponse;
}

export async function signInOptions(test: IdentityTestApp, session?: string): Promise<RequestOptions> {
  const response = await post(test.app, '/api/auth/passkey/options', session ? { session } : undefined);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PasskeyOptions as unknown as RequestOptions;
}

/** Options, the authenticator's assertion, the verification: the raw answer of the last step. */
export async function signInWithPasskey(
  test: IdentityTestApp,
  authenticator: SoftwareAuthenticator,
  { session, ...overrides }: Parameters<SoftwareAuthenticator['authenticate']>[1] & { session?: string } = {},
) {
  const { ceremony, options } = await signInOptions(test, session);
  const response = authenticator.authenticate(options, overrides);
  return post(test.app, '/api/auth/passkey/verify', { ceremony, response });
}
