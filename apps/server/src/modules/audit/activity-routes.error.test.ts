import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { encodeActivityCursor } from './activity-cursor.ts';
import { SYSTEM_CONTEXT } from './record.ts';
import { writeEntries } from './test-support/activity-fixture.ts';

let test: TestApp;
let owner: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  owner = await createAccount(test.app, test.database.db);
  await writeEntries(
    test.database.db,
    SYSTEM_CONTEXT,
    { event: 'project.created', organizationId: owner.organizationId },
    3,
  );
});
afterAll(() => test.close());

const get = (url: string, language = 'pt-BR', headers: Record<string, string> = owner.headers) =>
  test.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': language } });
const both = (query: string) => [
  `/api/organizations/${owner.organizationId}/activity${query}`,
  `/api/account/activity${query}`,
];
const messagesOf = (body: unknown) =>
  ((body as { message: { message: string }[] }).message ?? []).map((issue) => issue.message);

describe('activity requests refused with a clear error', () => {
  it('bounds the page size: 0 and 101 are refused in the caller’s language', async () => {
    for (const url of [...both('?limit=0'), ...both('?limit=101')]) {
      const pt = await get(url);
      expect(pt.statusCode, url).toBe(400);
      expect(pt.json()).toMatchObject({ code: 'ZodError' });
      expect(messagesOf(pt.json())).toContain('Peça entre 1 e 100 registros por página');
      const en = await get(url, 'en');
      expect(messagesOf(en.json())).toContain('Please ask for between 1 and 100 entries per page');
    }
    for (const url of [...both('?limit=1'), ...both('?limit=100')])
      expect((await get(url)).statusCode).toBe(200);
  });

  it('refuses a malformed or altered cursor with 400 ActivityCursorInvalid', async () => {
    const valid = encodeActivityCursor({
      occurredAt: new Date(),
      id: '7d0f2f2e-5f0e-4b8e-9a65-1f2a3b4c5d6e',
    });
    const cursors = [
      'garbage',
      Buffer.from('not a cursor').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url'),
      Buffer.from('yesterday|7d0f2f2e-5f0e-4b8e-9a65-1f2a3b4c5d6e').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000Z|7d0f2f2e-5f0e-4b8e-9a65-1f2a3b4c5d6e|x').toString('base64url'),
      `${valid}=`,
    ];
    for (const cursor of cursors) {
      for (const url of both(`?cursor=${encodeURIComponent(cursor)}`)) {
        const pt = await get(url);
        expect(pt.statusCode, `${url}`).toBe(400);
        expect(pt.json()).toMatchObject({
          code: 'ActivityCursorInvalid',
          message:
            'Este link de página da lista de atividades não é válido. Volte à primeira página e tente de novo.',
        });
        expect((await get(url, 'en')).json()).toMatchObject({
          message:
            'This page link of the activity list is not valid. Go back to the first page and try again.',
        });
      }
    }
    expect((await get(both(`?cursor=${valid}`)[0]!)).statusCode).toBe(200);
  });

  it('refuses unknown events, actors, times and formats', async () => {
    for (const query of [
      '?event=key.exploded',
      '?actor=someone',
      '?actor=STAFF',
      '?from=yesterday',
      '?to=2026-13-40T00:00:00Z',
      '?format=xml',
      '?limit=ten',
      `?cursor=${'a'.repeat(201)}`,
    ]) {
      for (const url of both(query)) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ code: 'ZodError' });
      }
    }
  });

  it('answers 401 without a signed-in user', async () => {
    for (const url of both('')) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'Unauthorized' });
    }
  });
});
