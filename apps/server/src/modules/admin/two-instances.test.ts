import { describe, expect, it } from 'vitest';
import { createAccount, createKey, type TestAccount } from '#server/test/accounts.ts';
import type { ServerProcess } from '#server/test/server-process.ts';
import { hasTwoInstances, setUpTwoInstances } from '#server/test/two-instances.ts';
import { REASON, type SignedInStaff, signInStaff } from './test-support/staff.ts';

/**
 * Issue 26 item 5: a suspension (and a quota grant) made on one instance takes effect on the other at once: the
 * keys it has in memory are refused (403 `organization_suspended`), the members' sessions end, and reactivation
 * restores the keys. Two server processes share PostgreSQL and Redis; the key cache is long, so only the
 * invalidation can explain it. Skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const WITHIN_MS = 1_000;
let staff: SignedInStaff;
let suspended: TestAccount;
let suspendedSecret: string;
let granted: TestAccount;
let grantedSecret: string;

const servers = setUpTwoInstances(
  'admin',
  async (app, db) => {
    staff = await signInStaff(app, db, 'staff');
    suspended = await createAccount(app, db);
    suspendedSecret = (await createKey(app, suspended)).secret;
    granted = await createAccount(app, db, { limits: { monthlyQuota: 2 } });
    grantedSecret = (await createKey(app, granted)).secret;
  },
  { GATEWAY_KEY_CACHE_TTL_MS: '600000' },
);

type Answer = { status: number; code?: string };

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  const code = text.startsWith('{') ? (JSON.parse(text) as { code?: string }).code : undefined;
  return { status: response.status, ...(code ? { code } : {}) };
}

const useKey = (server: ServerProcess, secret: string) =>
  fetch(`${server.url}/quotes/json/last/USD-BRL`, { headers: { 'x-api-key': secret } }).then(answerOf);

const portal = (server: ServerProcess, who: { headers: Record<string, string> }, path: string) =>
  fetch(`${server.url}/api${path}`, { headers: who.headers }).then(answerOf);

const staffAction = (server: ServerProcess, path: string, body: object) =>
  fetch(`${server.url}/api/admin${path}`, {
    method: 'POST',
    headers: { ...staff.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(answerOf);

async function untilAnswered(attempt: () => Promise<Answer>, expected: Answer) {
  const started = Date.now();
  let answer = await attempt();
  while (
    (answer.status !== expected.status || answer.code !== expected.code) &&
    Date.now() - started < WITHIN_MS
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer = await attempt();
  }
  return { answer, elapsedMs: Date.now() - started };
}

describe.skipIf(!hasTwoInstances)('staff actions on one instance, on the other', () => {
  it('suspends: the other instance refuses the key it has cached and the member’s session; reactivation restores the key', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    expect(await useKey(second, suspendedSecret)).toEqual({ status: 200 });
    expect(await portal(second, suspended, '/account')).toEqual({ status: 200 });

    expect(
      (await staffAction(first, `/customers/${suspended.organizationId}/suspend`, { reason: REASON })).status,
    ).toBe(200);
    const refused = await untilAnswered(() => useKey(second, suspendedSecret), {
      status: 403,
      code: 'organization_suspended',
    });
    expect(refused.answer).toEqual({ status: 403, code: 'organization_suspended' });
    expect(refused.elapsedMs).toBeLessThan(WITHIN_MS);
    expect(await portal(second, suspended, '/account')).toMatchObject({ status: 401 });

    expect(
      (await staffAction(first, `/customers/${suspended.organizationId}/reactivate`, { reason: REASON }))
        .status,
    ).toBe(200);
    const restored = await untilAnswered(() => useKey(second, suspendedSecret), { status: 200 });
    expect(restored.answer).toEqual({ status: 200 });
    expect(restored.elapsedMs).toBeLessThan(WITHIN_MS);
  }, 30_000);

  it('grants extra quota: the other instance admits the extra requests at once', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    expect(await useKey(second, grantedSecret)).toEqual({ status: 200 });
    expect(await useKey(second, grantedSecret)).toEqual({ status: 200 });
    expect(await useKey(second, grantedSecret)).toEqual({ status: 429, code: 'quota_exceeded' });
    const grant = await staffAction(first, `/customers/${granted.organizationId}/quota-grants`, {
      extraRequests: 3,
      reason: REASON,
    });
    expect(grant.status).toBe(200);
    const admitted = await untilAnswered(() => useKey(second, grantedSecret), { status: 200 });
    expect(admitted.answer).toEqual({ status: 200 });
    expect(admitted.elapsedMs).toBeLessThan(WITHIN_MS);
  }, 30_000);
});
