import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema/api-keys.ts';
import { contactRequests } from '../db/schema/contact-requests.ts';
import { projects } from '../db/schema/projects.ts';
import { users } from '../db/schema/users.ts';
import { bearer, PASSWORD, signedIn, uniqueEmail } from '../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../test/identity-app.ts';
import { findNulCharacter } from './nul-guard.ts';

// Issue 15: a NUL character (U+0000) in any text field or query string is a 400 with the field's message,
// never a 500 from PostgreSQL, and nothing is stored.
let test: IdentityTestApp;
let token: string;
beforeAll(async () => {
  test = await createIdentityTestApp();
  token = (await signedIn(test)).tokens.accessToken;
});
afterAll(() => test.close());

const NUL = '\u0000';
const en = { 'accept-language': 'en' };
const count = async (table: typeof users | typeof projects | typeof apiKeys | typeof contactRequests) =>
  (await test.database.db.select().from(table)).length;

function expectRefused(
  response: { statusCode: number; body: string },
  path: string[],
  message = 'Please remove the control characters from this field',
) {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toMatchObject({ code: 'ZodError', message: [{ message, path }] });
}

describe('NUL characters are refused with 400 and change nothing', () => {
  it('sign-up names', async () => {
    const before = await count(users);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: en,
      payload: {
        firstName: `Ana${NUL}`,
        lastName: 'Souza',
        email: uniqueEmail(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expectRefused(response, ['firstName']);
    expect(await count(users)).toBe(before);
  });

  it('the profile', async () => {
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { ...bearer(token), ...en },
      payload: { lastName: `Sou${NUL}za` },
    });
    expectRefused(response, ['lastName']);
    const account = await test.app.inject({ url: '/api/account', headers: bearer(token) });
    expect(account.json().lastName).toBe('Souza');
  });

  it('a project name', async () => {
    const before = await count(projects);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...bearer(token), ...en },
      payload: { name: `Loja${NUL}` },
    });
    expectRefused(response, ['name']);
    expect(await count(projects)).toBe(before);
  });

  it('a key description', async () => {
    const before = await count(apiKeys);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { ...bearer(token), ...en },
      payload: { description: `Loja${NUL}virtual`, kind: 'public', allowedOrigins: '*' },
    });
    expectRefused(response, ['description']);
    expect(await count(apiKeys)).toBe(before);
  });

  it('the contact form', async () => {
    const before = await count(contactRequests);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: en,
      payload: {
        topic: 'general',
        name: `Ana${NUL}`,
        email: uniqueEmail(),
        message: 'Olá, gostaria de saber mais.',
      },
    });
    // The contact form's fields have their own message for bad characters.
    expectRefused(
      response,
      ['name'],
      'Please enter your name with up to 100 characters and no control characters',
    );
    expect(await count(contactRequests)).toBe(before);
  });

  it('finds a NUL anywhere in a body, keys included, for the routes no shared schema checks', () => {
    expect(findNulCharacter({ a: [{ b: 'ok' }, { c: `x${NUL}` }] })).toEqual(['a', 1, 'c']);
    expect(findNulCharacter({ [`k${NUL}`]: 'v' })).toEqual([`k${NUL}`]);
    expect(findNulCharacter({ a: 'ok', b: [1, null, true] })).toBeNull();
    // The first in document order, a key before what it holds.
    expect(findNulCharacter({ a: [{ [`b${NUL}`]: `c${NUL}` }], d: `e${NUL}` })).toEqual(['a', 0, `b${NUL}`]);
    expect(findNulCharacter([['ok', [`x${NUL}`]], `y${NUL}`])).toEqual([0, 1, 0]);
  });

  it('walks a value of any depth without recursion (issue 22: 6,000 levels overflowed the stack)', () => {
    let deep: unknown = `x${NUL}`;
    for (let level = 0; level < 100_000; level += 1) deep = level % 2 ? [deep] : { k: deep };
    const found = findNulCharacter(deep);
    expect(found).toHaveLength(100_000);
    expect(found?.slice(0, 2)).toEqual([0, 'k']);
    let clean: unknown = 'ok';
    for (let level = 0; level < 100_000; level += 1) clean = [clean];
    expect(findNulCharacter(clean)).toBeNull();
  });

  it('query strings and path parameters, in a schema or not', async () => {
    const mailbox = await test.app.inject({ url: '/api/dev/mailbox?to=a%00b', headers: en });
    expectRefused(mailbox, ['to']);
    const keys = await test.app.inject({
      url: '/api/keys?projectId=%00',
      headers: { ...bearer(token), ...en },
    });
    expectRefused(keys, ['projectId']);
    const project = await test.app.inject({ url: '/api/projects/%00', headers: { ...bearer(token), ...en } });
    expectRefused(project, ['id']);
    const portuguese = await test.app.inject({ url: '/api/dev/mailbox?to=%00' });
    expect(portuguese.json().message[0].message).toBe('Remova os caracteres de controle deste campo');
  });
});
