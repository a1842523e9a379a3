import type { Project } from '@cotacep/shared/project-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

describe('project security', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/projects'],
      ['POST', '/api/projects'],
      ['DELETE', '/api/projects/00000000-0000-4000-8000-000000000001'],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        payload: method === 'POST' ? { name: 'X' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('hides one account’s projects from another: not listed, not found, not changed', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const intruder = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const project = (
      await test.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: owner.headers,
        payload: { name: 'Mine' },
      })
    ).json() as Project;

    const list = await test.app.inject({ method: 'GET', url: '/api/projects', headers: intruder.headers });
    expect(list.json().items).toEqual([]);
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Taken' }], ['DELETE']] as const) {
      const response = await test.app.inject({
        method,
        url: `/api/projects/${project.id}`,
        headers: intruder.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
    // Nor can a key be put into it.
    const key = await test.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: intruder.headers,
      payload: { description: 'Sneaky', kind: 'public', allowedOrigins: '*', projectId: project.id },
    });
    expect(key.statusCode).toBe(404);
    expect(key.json().code).toBe('ProjectNotFound');

    const mine = await test.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}`,
      headers: owner.headers,
    });
    expect(mine.json()).toMatchObject({ name: 'Mine', keyCount: 0 });
  });
});
