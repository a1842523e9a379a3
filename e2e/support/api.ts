import { expect, request } from '@playwright/test';
import type { SmtpServer } from './smtp.ts';

/** A portal API call from outside the page: a client of its own, so no cookie (and no XSRF check) applies. */
export async function postApi(baseURL: string, path: string, data: object) {
  const client = await request.newContext({ baseURL });
  try {
    const response = await client.post(path, { data });
    return { status: response.status(), body: await response.text() };
  } finally {
    await client.dispose();
  }
}

/** A confirmed customer made through the API (on a server without bot protection), its code read by SMTP. */
export async function signUpThroughApi(baseURL: string, smtp: SmtpServer, email: string, password: string) {
  const names = { firstName: 'Bia', lastName: 'Cota' };
  const signup = await postApi(baseURL, '/api/auth/signup', {
    ...names,
    email,
    password,
    confirmPassword: password,
  });
  expect(signup.status, signup.body).toBe(201);
  const { code } = await smtp.waitForCode(email, 0);
  const confirmed = await postApi(baseURL, '/api/auth/signup/confirm', { email, code });
  expect(confirmed.status, confirmed.body).toBe(200);
}

/** A public key of the customer's organization, made through the API as another client would: its secret. */
export async function createKeyThroughApi(baseURL: string, email: string, password: string) {
  // Two clients: the login leaves cookies behind, and a request with cookies must carry the XSRF token.
  const login = await postApi(baseURL, '/api/auth/login', { email, password });
  expect(login.status, login.body).toBe(200);
  const client = await request.newContext({ baseURL });
  try {
    const created = await client.post('/api/keys', {
      headers: { authorization: `Bearer ${JSON.parse(login.body).accessToken}` },
      data: { description: 'Servidor', kind: 'public', allowedOrigins: '*', enabled: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as { key: { prefix: string }; secret: string };
  } finally {
    await client.dispose();
  }
}
