import type { ProjectList } from '@cotacep/shared/project-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

describe('project errors', () => {
  it('keeps to the plan’s number of projects, even when creations race', async () => {
    const account = await createAccount(test.app, test.database.db, { plan: 'basic' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        test.app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: { ...account.headers, 'accept-language': 'en' },
          payload: { name: `P${index}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
    const refused = responses.find((response) => response.statusCode === 403)!.json();
    expect(refused).toMatchObject({
      code: 'ProjectLimitReached',
      message: 'Your plan does not allow more projects. Delete a project or upgrade your plan.',
      limit: 3,
    });
    const list = await test.app.inject({ method: 'GET', url: '/api/projects', headers: account.headers });
    expect((list.json() as ProjectList).items).toHaveLength(3);
  });

  it('refuses to delete a project that still has keys, and keeps it', async () => {
    const account = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const { key } = await createKey(test.app, account);
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/projects/${key.projectId}`,
      headers: account.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ProjectHasKeys',
      message: 'Este projeto ainda tem tokens de API. Exclua-os ou mova-os antes.',
    });
    const kept = await test.app.inject({
      method: 'GET',
      url: `/api/projects/${key.projectId}`,
      headers: account.headers,
    });
    expect(kept.statusCode).toBe(200);
  });

  it('validates names in the request’s language and changes nothing', async () => {
    const account = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const empty = await test.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: account.headers,
      payload: { name: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'ZodError',
      message: [{ message: 'Por favor, informe o nome do projeto', path: ['name'] }],
    });
    const long = await test.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...account.headers, 'accept-language': 'en' },
      payload: { name: 'x'.repeat(81) },
    });
    expect(long.json().message[0].message).toBe('The project name must have at most 80 characters');
    const list = await test.app.inject({ method: 'GET', url: '/api/projects', headers: account.headers });
    expect((list.json() as ProjectList).items).toEqual([]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const account = await createAccount(test.app, test.database.db);
    const unknown = await test.app.inject({
      method: 'PATCH',
      url: '/api/projects/00000000-0000-4000-8000-00000000abcd',
      headers: account.headers,
      payload: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ProjectNotFound');
    const malformed = await test.app.inject({
      method: 'GET',
      url: '/api/projects/123',
      headers: account.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
