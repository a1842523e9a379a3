import type { ApiKey, KeyList, KeyWithSecret } from '@cotacep/shared/key-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { hashToken } from '../../lib/secrets.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let test: TestApp;
let account: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  account = await createAccount(test.app, test.database.db, { plan: 'pro' });
});
afterAll(() => test.close());

const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });

describe('API keys in the portal', () => {
  it('creates a key in a default project and shows its secret once, storing only a hash', async () => {
    const created = await createKey(test.app, account, {
      description: 'Loja virtual',
      allowedOrigins: 'https://Loja.example.com, http://localhost:5173',
    });
    expect(created.secret).toMatch(/^ck_pub_[A-Za-z0-9]{32}$/);
    expect(created.key).toMatchObject({
      description: 'Loja virtual',
      kind: 'public',
      enabled: true,
      allowedOrigins: ['https://loja.example.com', 'http://localhost:5173'],
      prefix: created.secret.slice(0, 11),
      projectName: 'Projeto padrão',
      lastUsedAt: null,
    });
    const [row] = await test.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row?.secretHash).toBe(hashToken(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const list = (await call('GET', '/api/keys')).json() as KeyList;
    expect(list.maxKeys).toBe(20);
    const listed = list.items.find((item) => item.id === created.key.id);
    expect(listed).toEqual(created.key);
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('creates private keys with ck_priv_ secrets and normalised ranges', async () => {
    const created = await createKey(test.app, account, {
      kind: 'private',
      allowedOrigins: '203.0.113.7, 10.1.2.3/8, 2001:DB8::/32',
    });
    expect(created.secret).toMatch(/^ck_priv_[A-Za-z0-9]{32}$/);
    expect(created.key.allowedOrigins).toEqual(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32']);
  });

  it('edits, disables and deletes a key', async () => {
    const { key } = await createKey(test.app, account);
    const edited = await call('PATCH', `/api/keys/${key.id}`, {
      description: 'Renamed',
      kind: 'public',
      allowedOrigins: 'https://a.example',
      enabled: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      description: 'Renamed',
      enabled: false,
      allowedOrigins: ['https://a.example'],
    });
    expect(((await call('GET', `/api/keys/${key.id}`)).json() as ApiKey).enabled).toBe(false);

    expect((await call('DELETE', `/api/keys/${key.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/keys/${key.id}`)).statusCode).toBe(404);
  });

  it('rotates a secret, keeping the old prefix visible while its grace runs', async () => {
    const { key, secret } = await createKey(test.app, account);
    const response = await call('POST', `/api/keys/${key.id}/rotate`, { graceSeconds: 3600 });
    expect(response.statusCode, response.body).toBe(200);
    const rotated = response.json() as KeyWithSecret;
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.key.prefix).toBe(rotated.secret.slice(0, 11));
    expect(rotated.key.previousPrefix).toBe(secret.slice(0, 11));
    expect(Date.parse(rotated.key.graceEndsAt!) - Date.now()).toBeGreaterThan(3_590_000);
    expect(rotated.key.rotatedAt).not.toBeNull();
  });

  it('filters the list by project', async () => {
    const project = await call('POST', '/api/projects', { name: 'Backend' });
    expect(project.statusCode, project.body).toBe(201);
    const projectId = (project.json() as { id: string }).id;
    const { key } = await createKey(test.app, account, { projectId });
    const list = (await call('GET', `/api/keys?projectId=${projectId}`)).json() as KeyList;
    expect(list.items.map((item) => item.id)).toEqual([key.id]);
    expect(list.items[0]?.projectName).toBe('Backend');
  });
});
