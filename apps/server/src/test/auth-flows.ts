import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { IdentityTestApp } from './identity-app.ts';
import { readCode } from './smtp-sink.ts';

export const PASSWORD = 'correct horse battery';

let counter = 0;
/** A fresh address per call, so tests in one file never share throttles or lockouts. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${counter}.${Date.now().toString(36)}@example.com`;
}

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function signUp(test: IdentityTestApp, email: string, extra: Record<string, unknown> = {}) {
  const response = await post(test.app, '/api/auth/signup', {
    firstName: 'Ana',
    lastName: 'Souza',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

/**
 * The headers of the browser that signed up, as it sends them at confirmation: the sign-up cookie, the
 * XSRF cookie and the XSRF token axios echoes.
 */
export function signupBrowser(signup: {
  cookies: { name: string; value: string }[];
}): Record<string, string> {
  const value = (name: string) => signup.cookies.find((entry) => entry.name === name)?.value;
  const proof = value('cotacep_signup');
  const xsrf = value('XSRF-TOKEN');
  expect(proof, 'the sign-up sets its browser cookie').toBeDefined();
  return { cookie: `cotacep_signup=${proof}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf! };
}

/** Sign-up and confirmation with the code read from the real SMTP server. */
export async function signUpConfirmed(test: IdentityTestApp, email = uniqueEmail()) {
  await signUp(test, email);
  const code = readCode(await test.smtp.waitFor(email));
  const confirm = await post(test.app, '/api/auth/signup/confirm', { email, code });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return email;
}

export async function logIn(test: IdentityTestApp, email: string, password = PASSWORD): Promise<TokenSet> {
  const response = await post(test.app, '/api/auth/login', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TokenSet;
}

/** A confirmed account with a session: its e-mail and token set. */
export async function signedIn(test: IdentityTestApp) {
  const email = await signUpConfirmed(test);
  return { email, tokens: await logIn(test, email) };
}
