import type { Project } from '@cotacep/shared/project-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditEntriesOf } from '../../test/audit-entries.ts';
import { verifyAuditLog } from '../audit/verify.ts';

/** Issue 26: projects created, changed and deleted are on the record, and nothing when the change fails. */
let test: TestApp;
let account: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  account = await createAccount(test.app, test.database.db, { plan: 'basic' });
});
afterAll(() => test.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
const entries = () =>
  auditEntriesOf(test.database.db, {
    organizationId: account.organizationId,
    events: ['project.created', 'project.updated', 'project.deleted'],
  });

describe('the audit log of projects', () => {
  it('records a project created, renamed and deleted, by whom and with its name', async () => {
    const created = await call('POST', '/api/projects', { name: 'Checkout' });
    expect(created.statusCode).toBe(201);
    const project = created.json() as Project;
    expect((await call('PATCH', `/api/projects/${project.id}`, { name: 'Checkout 2' })).statusCode).toBe(200);
    // The same name again: nothing changed, nothing recorded.
    expect((await call('PATCH', `/api/projects/${project.id}`, { name: 'Checkout 2' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/projects/${project.id}`, { description: 'Loja' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(204);
    const recorded = await entries();
    expect(recorded.map((entry) => [entry.event, entry.details])).toEqual([
      ['project.created', { name: 'Checkout' }],
      ['project.updated', { name: 'Checkout 2', changed: 'name' }],
      ['project.updated', { name: 'Checkout 2', changed: 'description' }],
      ['project.deleted', { name: 'Checkout 2' }],
    ]);
    for (const entry of recorded) {
      expect(entry).toMatchObject({
        actorType: 'user',
        actorId: account.userId,
        targetType: 'project',
        targetId: project.id,
      });
    }
  });

  it('records nothing when the change fails', async () => {
    const { key } = await createKey(test.app, account);
    const before = (await entries()).length;
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused = [
      await call('POST', '/api/projects', { name: '' }),
      await call('PATCH', `/api/projects/${missing}`, { name: 'Nada' }),
      await call('PATCH', `/api/projects/${key.projectId}`, { name: 'x'.repeat(500) }),
      await call('DELETE', `/api/projects/${missing}`),
      await call('DELETE', `/api/projects/${key.projectId}`),
    ];
    expect(refused.map((response) => (response.json() as { code: string }).code)).toEqual([
      'ZodError',
      'ProjectNotFound',
      'ZodError',
      'ProjectNotFound',
      'ProjectHasKeys',
    ]);
    // Over the plan's projects (Basic: 3, the key's default project included).
    for (const name of ['B', 'C'])
      expect((await call('POST', '/api/projects', { name })).statusCode).toBe(201);
    const afterLimit = (await entries()).length;
    expect((await call('POST', '/api/projects', { name: 'D' })).statusCode).toBe(403);
    expect((await entries()).length).toBe(afterLimit);
    expect(afterLimit - before).toBe(2);
    expect((await verifyAuditLog(test.database.db)).broken).toBeNull();
  });
});
