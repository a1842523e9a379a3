import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp } from '#server/test/app.ts';
import { createPostgresTestDatabase, dropPostgresTestDatabase } from '#server/test/database.ts';
import { redisNamespace, TEST_REDIS_URL } from '#server/test/redis.ts';
import { type ServerProcess, startServer } from '#server/test/server-process.ts';
import { withDatabase } from '#server/test/template.ts';

/**
 * Issue 24 item 6: a removed member, or a lowered role, is refused on their next request on every instance
 * within 1 s. Two server processes share PostgreSQL and Redis; the Owner acts on one, the member calls the
 * other. Skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const isConfigured = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!isConfigured) {
  console.info(
    'organizations two-instances test skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run it',
  );
}

const WITHIN_MS = 1_000;
/** The tokens' issuer: the same for the app that signs the accounts in and for both instances. */
const PUBLIC_URL = 'http://localhost:3000';
const redis = redisNamespace();
let databaseName: string;
let servers: ServerProcess[] = [];
let owner: TestAccount;
let reader: TestAccount;
let developer: TestAccount;
let organizationId: string;

beforeAll(async () => {
  if (!isConfigured) return;
  databaseName = await createPostgresTestDatabase(TEST_DATABASE_URL!);
  const databaseUrl = withDatabase(TEST_DATABASE_URL!, databaseName);
  // Accounts signed in through an app on the same database: their tokens are valid on every instance.
  const setup = await createTestApp({
    database: await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 }),
    env: { ...GATEWAY_TEST_ENV, PUBLIC_URL },
  });
  const { db } = setup.database;
  owner = await createAccount(setup.app, db, { plan: 'business' });
  reader = await createAccount(setup.app, db);
  developer = await createAccount(setup.app, db);
  organizationId = owner.organizationId;
  await db.insert(organizationMembers).values([
    { organizationId, userId: reader.userId, role: 'viewer' },
    { organizationId, userId: developer.userId, role: 'developer' },
  ]);
  await setup.close();

  const env = {
    ...GATEWAY_TEST_ENV,
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL!,
    REDIS_KEY_PREFIX: redis.prefix,
    PUBLIC_URL,
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 180_000);

afterAll(async () => {
  if (!isConfigured) return;
  await Promise.all(servers.map((server) => server.stop()));
  await redis.clean();
  if (databaseName) await dropPostgresTestDatabase(TEST_DATABASE_URL!, databaseName);
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

describe.skipIf(!isConfigured)('a membership change on one instance, on the other', () => {
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
