import { describe, expect, it } from 'vitest';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import type { ServerProcess } from '#server/test/server-process.ts';
import { hasTwoInstances, setUpTwoInstances } from '#server/test/two-instances.ts';

/**
 * Issue 24 item 6: a removed member, or a lowered role, is refused on their next request on every instance
 * within 1 s. Two server processes share PostgreSQL and Redis; the Owner acts on one, the member calls the
 * other. Skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const WITHIN_MS = 1_000;
let owner: TestAccount;
let reader: TestAccount;
let developer: TestAccount;
let organizationId: string;

const servers = setUpTwoInstances('organizations', async (app, db) => {
  owner = await createAccount(app, db, { plan: 'business' });
  reader = await createAccount(app, db);
  developer = await createAccount(app, db);
  organizationId = owner.organizationId;
  await db.insert(organizationMembers).values([
    { organizationId, userId: reader.userId, role: 'viewer' },
    { organizationId, userId: developer.userId, role: 'developer' },
  ]);
});

type Answer = { status: number; code?: string };

/** A portal call as the SPA makes it, on one instance, acting on the shared organization. */
async function call(
  server: ServerProcess,
  who: TestAccount,
  method: string,
  path: string,
  body?: object,
): Promise<Answer> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...who.headers,
      'x-organization': organizationId,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const code = text.startsWith('{') ? (JSON.parse(text) as { code?: string }).code : undefined;
  return { status: response.status, ...(code ? { code } : {}) };
}

/** Calls `attempt` until it answers `expected` or `WITHIN_MS` pass; answers the last answer and the time taken. */
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

const newKey = { description: 'Two instances', kind: 'public', allowedOrigins: '*' };

describe.skipIf(!hasTwoInstances)('a membership change on one instance, on the other', () => {
  it('refuses a removed member on the other instance within 1 s, as for an organization that does not exist', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    expect(await call(second, reader, 'GET', '/keys')).toEqual({ status: 200 });
    const removed = await call(
      first,
      owner,
      'DELETE',
      `/organizations/${organizationId}/members/${reader.userId}`,
    );
    expect(removed.status).toBe(204);
    const { answer, elapsedMs } = await untilAnswered(() => call(second, reader, 'GET', '/keys'), {
      status: 404,
      code: 'OrganizationNotFound',
    });
    expect(answer).toEqual({ status: 404, code: 'OrganizationNotFound' });
    expect(elapsedMs).toBeLessThan(WITHIN_MS);
  }, 30_000);

  it('limits a lowered role on the other instance within 1 s: a Developer made Viewer may read, not write', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    expect((await call(second, developer, 'POST', '/keys', newKey)).status).toBe(201);
    const lowered = await call(
      first,
      owner,
      'PATCH',
      `/organizations/${organizationId}/members/${developer.userId}`,
      {
        role: 'viewer',
      },
    );
    expect(lowered.status).toBe(200);
    const { answer, elapsedMs } = await untilAnswered(
      () => call(second, developer, 'POST', '/keys', newKey),
      {
        status: 403,
        code: 'PermissionDenied',
      },
    );
    expect(answer).toEqual({ status: 403, code: 'PermissionDenied' });
    expect(elapsedMs).toBeLessThan(WITHIN_MS);
    expect(await call(second, developer, 'GET', '/keys')).toEqual({ status: 200 });
  }, 30_000);
});
