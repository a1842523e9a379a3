import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditEntriesOf } from '../../test/audit-entries.ts';
import { verifyAuditLog } from '../audit/verify.ts';

/** Issue 26: every change to a key is on the record, written with the change, and nothing when it fails. */
let test: TestApp;
let account: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  account = await createAccount(test.app, test.database.db, { plan: 'pro' });
});
afterAll(() => test.close());

const call = (method: 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  test.app.inject({
    method,
    url,
    headers: { ...account.headers, 'user-agent': 'audit-test/1.0' },
    ...(payload ? { payload } : {}),
  });
/** The organization's key and project entries (sign-in entries of other modules left aside). */
const entries = () =>
  auditEntriesOf(test.database.db, {
    organizationId: account.organizationId,
    events: [
      'project.created',
      'key.created',
      'key.updated',
      'key.enabled',
      'key.disabled',
      'key.rotated',
      'key.deleted',
    ],
  });
const eventsOf = async () => (await entries()).map((entry) => entry.event);

describe('the audit log of keys', () => {
  it('records a key created (and its default project), by whom, from where, without its secret', async () => {
    const before = (await entries()).length;
    const created = await createKey(test.app, account, {
      description: 'Loja',
      kind: 'private',
      allowedOrigins: '10.0.0.1',
    });
    const added = (await entries()).slice(before);
    expect(added.map((entry) => entry.event)).toEqual(['project.created', 'key.created']);
    const entry = added[1]!;
    expect(entry).toMatchObject({
      actorType: 'user',
      actorId: account.userId,
      organizationId: account.organizationId,
      targetType: 'key',
      targetId: created.key.id,
      ip: '127.0.0.1',
      details: {
        name: 'Loja',
        prefix: created.key.prefix,
        kind: 'private',
        projectId: created.key.projectId,
      },
    });
    expect(added[0]).toMatchObject({ targetType: 'project', targetId: created.key.projectId });
    expect(JSON.stringify(added)).not.toContain(created.secret);
  });

  it('records an edit by the fields that changed, and the switch as enabled / disabled', async () => {
    const { key } = await createKey(test.app, account, { description: 'Editável' });
    const before = (await entries()).length;
    expect((await call('PATCH', `/api/keys/${key.id}`, { description: 'Renomeada' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/keys/${key.id}`, { enabled: false })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/keys/${key.id}`, { enabled: true })).statusCode).toBe(200);
    // Nothing moved: nothing to record.
    expect(
      (await call('PATCH', `/api/keys/${key.id}`, { enabled: true, description: 'Renomeada' })).statusCode,
    ).toBe(200);
    const added = (await entries()).slice(before);
    expect(added.map((entry) => entry.event)).toEqual(['key.updated', 'key.disabled', 'key.enabled']);
    expect(added[0]?.details).toMatchObject({ name: 'Renomeada', changed: 'description' });
    expect(added[1]?.details).toMatchObject({ name: 'Renomeada', prefix: key.prefix, kind: 'public' });
    expect(added[0]?.userAgent).toBe('audit-test/1.0');
  });

  it('records a rotation with the new and old prefix, never a secret', async () => {
    const { key, secret } = await createKey(test.app, account, { description: 'Rodada' });
    const before = (await entries()).length;
    const response = await call('POST', `/api/keys/${key.id}/rotate`, { graceSeconds: 60 });
    expect(response.statusCode).toBe(200);
    const rotated = response.json() as { key: { prefix: string }; secret: string };
    const added = (await entries()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      event: 'key.rotated',
      targetId: key.id,
      details: { prefix: rotated.key.prefix, previousPrefix: key.prefix, graceSeconds: 60 },
    });
    expect(JSON.stringify(added)).not.toContain(secret);
    expect(JSON.stringify(added)).not.toContain(rotated.secret);
  });

  it('records a deletion with what the key was', async () => {
    const { key } = await createKey(test.app, account, { description: 'Apagada' });
    const before = (await entries()).length;
    expect((await call('DELETE', `/api/keys/${key.id}`)).statusCode).toBe(204);
    const added = (await entries()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      event: 'key.deleted',
      targetId: key.id,
      details: { name: 'Apagada', prefix: key.prefix, kind: 'public', projectId: key.projectId },
    });
  });

  it('records nothing when the change fails', async () => {
    const { key } = await createKey(test.app, account, { description: 'Intacta' });
    const before = await eventsOf();
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused = [
      await call('PATCH', `/api/keys/${key.id}`, { description: '' }),
      await call('PATCH', `/api/keys/${key.id}`, { kind: 'private', allowedOrigins: '10.0.0.1' }),
      await call('PATCH', `/api/keys/${key.id}`, { projectId: missing }),
      await call('PATCH', `/api/keys/${missing}`, { description: 'Nada' }),
      await call('DELETE', `/api/keys/${missing}`),
      await call('POST', `/api/keys/${missing}/rotate`, {}),
      await call('POST', `/api/keys/${key.id}/rotate`, { graceSeconds: -1 }),
    ];
    expect(refused.map((response) => (response.json() as { code: string }).code)).toEqual([
      'ZodError',
      'KeyKindImmutable',
      'ProjectNotFound',
      'ApiKeyNotFound',
      'ApiKeyNotFound',
      'ApiKeyNotFound',
      'ZodError',
    ]);
    expect(await eventsOf()).toEqual(before);
  });

  it('leaves a chain that verifies', async () => {
    expect((await verifyAuditLog(test.database.db)).broken).toBeNull();
  });
});
