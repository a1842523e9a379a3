import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema/organizations.ts';
import { quotaGrants } from '../../db/schema/staff.ts';
import { GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedKey } from '../../test/seed-key.ts';
import { grantPeriod } from '../usage/quota-grants.ts';
import { quotaOf, type ResolvedKey } from './key-lookup.ts';

/**
 * Issue 26: the gateway refuses every key of an organization staff suspended (403 `organization_suspended`) or
 * whose only person is closing their account (403 `organization_keys_stopped`), and enforces the plan's quota
 * plus this month's grants. No key cache here, so each request reads the organization as it is now.
 */
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, GATEWAY_KEY_CACHE_TTL_MS: '0' } });
});
afterAll(() => test.close());

const call = (url: string, secret: string, language = 'pt-BR') =>
  test.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret, 'accept-language': language } });
const setOrganization = (id: string, values: Partial<typeof organizations.$inferInsert>) =>
  test.database.db.update(organizations).set(values).where(eq(organizations.id, id));

describe('organizations the gateway refuses', () => {
  it('answers 403 organization_keys_stopped while the account is closing, in JSON and XML, then works again', async () => {
    const key = await seedKey(test.database.db);
    expect((await call('/quotes/json/last/USD-BRL', key.secret)).statusCode).toBe(200);
    await setOrganization(key.organizationId, { keysStoppedAt: new Date() });
    const json = await call('/quotes/json/last/USD-BRL', key.secret);
    expect(json.statusCode).toBe(403);
    expect(json.json()).toEqual({
      status: 403,
      code: 'organization_keys_stopped',
      message: 'tokens parados: a conta desta organização está sendo encerrada',
    });
    const english = await call('/cep/json/01001000', key.secret, 'en');
    expect(english.statusCode).toBe(403);
    expect(english.json().message).toBe('tokens stopped: this organization’s account is being closed');
    const xml = await call('/quotes/xml/last/USD-BRL', key.secret);
    expect(xml.statusCode).toBe(403);
    expect(xml.body).toContain('<code>organization_keys_stopped</code>');
    await setOrganization(key.organizationId, { keysStoppedAt: null });
    expect((await call('/quotes/json/last/USD-BRL', key.secret)).statusCode).toBe(200);
  });

  it('answers 403 organization_suspended for a suspended organization, before any other check', async () => {
    const key = await seedKey(test.database.db, { key: { enabled: false } });
    expect((await call('/quotes/json/last/USD-BRL', key.secret)).json().code).toBe('disabled_token');
    await setOrganization(key.organizationId, { suspendedAt: new Date(), keysStoppedAt: new Date() });
    const refused = await call('/quotes/json/last/USD-BRL', key.secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 403,
      code: 'organization_suspended',
      message: 'organização suspensa: fale com o suporte',
    });
    // A refusal uses no quota.
    expect(refused.headers['x-quota-remaining']).toBeUndefined();
  });
});

describe('quota grants', () => {
  it('adds this month’s grants to the quota, and only this month’s', async () => {
    const key = await seedKey(test.database.db, { limits: { monthlyQuota: 1 } });
    await test.database.db.insert(quotaGrants).values([
      {
        organizationId: key.organizationId,
        period: grantPeriod(),
        extraRequests: 2,
        reason: 'launch week, ticket 1',
      },
      {
        organizationId: key.organizationId,
        period: '1999-12',
        extraRequests: 50,
        reason: 'long ago, ticket 2',
      },
    ]);
    for (let index = 0; index < 3; index++) {
      const response = await call('/quotes/json/last/USD-BRL', key.secret);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-quota-limit']).toBe('3');
    }
    expect((await call('/quotes/json/last/USD-BRL', key.secret)).json().code).toBe('quota_exceeded');
  });

  it('ignores a cached grant once its month is over', () => {
    const key = {
      limits: { monthlyQuota: 10 },
      grant: { month: '2026-01', extraRequests: 5 },
    } as ResolvedKey;
    expect(quotaOf(key, '2026-01')).toBe(15);
    expect(quotaOf(key, '2026-02')).toBe(10);
  });
});
