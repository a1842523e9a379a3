import type { Project, ProjectList } from '@cotacep/shared/project-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let test: TestApp;
let account: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  account = await createAccount(test.app, test.database.db, { plan: 'pro' });
});
afterAll(() => test.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });

describe('projects', () => {
  it('creates, lists, renames and deletes a project', async () => {
    const created = await call('POST', '/api/projects', { name: '  Loja  ', description: 'E-commerce' });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json() as Project;
    expect(project).toMatchObject({ name: 'Loja', description: 'E-commerce', keyCount: 0 });

    const list = (await call('GET', '/api/projects')).json() as ProjectList;
    expect(list.maxProjects).toBe(10);
    expect(list.items).toContainEqual(project);

    const renamed = await call('PATCH', `/api/projects/${project.id}`, { name: 'Loja online' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Loja online', description: 'E-commerce' });

    expect((await call('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('counts its keys, and a key can move to another project', async () => {
    const first = (await call('POST', '/api/projects', { name: 'A' })).json() as Project;
    const second = (await call('POST', '/api/projects', { name: 'B' })).json() as Project;
    const { key } = await createKey(test.app, account, { projectId: first.id });
    expect(((await call('GET', `/api/projects/${first.id}`)).json() as Project).keyCount).toBe(1);
    const moved = await call('PATCH', `/api/keys/${key.id}`, { projectId: second.id });
    expect(moved.json()).toMatchObject({ projectId: second.id, projectName: 'B' });
    expect(((await call('GET', `/api/projects/${first.id}`)).json() as Project).keyCount).toBe(0);
    expect(((await call('GET', `/api/projects/${second.id}`)).json() as Project).keyCount).toBe(1);
  });
});

describe('the default project of a first key (issue 13, item 7)', () => {
  it('is listed, renamable, takes the next keys, and can be deleted once its keys are', async () => {
    const free = await createAccount(test.app, test.database.db, { plan: 'free' });
    const asFree = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      test.app.inject({ method, url, headers: free.headers, ...(payload ? { payload } : {}) });

    const first = await createKey(test.app, free, { description: 'Site' });
    const listed = (await asFree('GET', '/api/projects')).json() as ProjectList;
    expect(listed.maxProjects).toBe(1);
    expect(listed.items).toEqual([
      expect.objectContaining({ id: first.key.projectId, name: 'Projeto padrão', keyCount: 1 }),
    ]);
    // It is the Free plan's one project: a second is refused, as the limit says.
    expect((await asFree('POST', '/api/projects', { name: 'Outro' })).json().code).toBe(
      'ProjectLimitReached',
    );

    const renamed = await asFree('PATCH', `/api/projects/${first.key.projectId}`, { name: 'Minha loja' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Minha loja', keyCount: 1 });
    const second = await createKey(test.app, free, { description: 'Backend' });
    expect(second.key.projectId).toBe(first.key.projectId);

    for (const { key } of [first, second]) {
      expect((await asFree('DELETE', `/api/keys/${key.id}`)).statusCode).toBe(204);
    }
    expect((await asFree('DELETE', `/api/projects/${first.key.projectId}`)).statusCode).toBe(204);
    expect(((await asFree('GET', '/api/projects')).json() as ProjectList).items).toEqual([]);
    expect((await asFree('POST', '/api/projects', { name: 'Outro' })).statusCode).toBe(201);
  });
});
