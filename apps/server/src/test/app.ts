import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** The real server on a fresh database, for `app.inject`. Extra environment overrides the test defaults. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', ...env });
  const app = await buildApp({ config, database });
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
