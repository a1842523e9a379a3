import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type Db, openDatabase } from '#server/db/client.ts';
import { GATEWAY_TEST_ENV } from './accounts.ts';
import { createTestApp } from './app.ts';
import { createPostgresTestDatabase, dropPostgresTestDatabase } from './database.ts';
import { redisNamespace, TEST_REDIS_URL } from './redis.ts';
import { type ServerProcess, startServer } from './server-process.ts';
import { withDatabase } from './template.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Whether the two-instance tests run: they need TEST_DATABASE_URL and TEST_REDIS_URL (the PostgreSQL run). */
export const hasTwoInstances = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);

/** The tokens' issuer: the same for the app that signs the accounts in and for both instances. */
const PUBLIC_URL = 'http://localhost:3000';

/**
 * Two server processes sharing a fresh PostgreSQL database and a Redis namespace, for a file of tests showing
 * that a change made on one instance holds on the other. `prepare` runs first on an app over the same
 * database: the accounts it signs in have tokens valid on both. Started in `beforeAll` (the pair is filled
 * in then), stopped and dropped in `afterAll`; without the two services nothing starts and the file says it
 * skipped (its tests use `describe.skipIf(!hasTwoInstances)`).
 */
export function setUpTwoInstances(
  name: string,
  prepare: (app: FastifyInstance, db: Db) => Promise<void>,
  env: Record<string, string> = {},
): ServerProcess[] {
  const servers: ServerProcess[] = [];
  if (!hasTwoInstances) {
    console.info(`${name} two-instances test skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run it`);
    return servers;
  }
  const redis = redisNamespace();
  let databaseName: string | undefined;
  beforeAll(async () => {
    databaseName = await createPostgresTestDatabase(TEST_DATABASE_URL!);
    const databaseUrl = withDatabase(TEST_DATABASE_URL!, databaseName);
    const setup = await createTestApp({
      database: await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 }),
      env: { ...GATEWAY_TEST_ENV, PUBLIC_URL },
    });
    try {
      await prepare(setup.app, setup.database.db);
    } finally {
      await setup.close();
    }
    const serverEnv = {
      ...GATEWAY_TEST_ENV,
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL!,
      REDIS_KEY_PREFIX: redis.prefix,
      PUBLIC_URL,
      ...env,
    };
    servers.push(...(await Promise.all([startServer(serverEnv), startServer(serverEnv)])));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await redis.clean();
    if (databaseName) await dropPostgresTestDatabase(TEST_DATABASE_URL!, databaseName);
  });
  return servers;
}
