import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { LogStream } from '../lib/log-options.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

type TestAppOptions = {
  /** Environment on top of the test defaults. */
  env?: Record<string, string>;
  /** Runs before the app is ready, e.g. to add routes that exist only in a test. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** A database the test made itself (e.g. one it will make unreachable); a fresh copy otherwise. */
  database?: Database;
  /** Receives every log line (LOG_LEVEL decides which), instead of none. */
  logStream?: LogStream;
};

/** The real server on a fresh database, for `app.inject`. */
export async function createTestApp({
  env = {},
  beforeReady,
  database: given,
  logStream,
}: TestAppOptions = {}): Promise<TestApp> {
  const database = given ?? (await createTestDatabase());
  // Tests of the APIs themselves call them anonymously far more often than the gateway's per-IP limit.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    GATEWAY_ANONYMOUS_PER_MINUTE: '1000000',
    ...env,
  });
  const app = await buildApp({ config, database, ...(logStream ? { logStream } : {}) });
  await beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
