import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { createPostgresTestDatabase, dropPostgresTestDatabase } from './database.ts';
import { templatePath, withDatabase } from './template.ts';

/** A test database the test can make unreachable: `restore` is null where that cannot be undone (PGlite). */
export type BreakableDatabase = {
  database: Database;
  /** From now on every query fails as it would with the database down. */
  cutOff(): Promise<void>;
  restore: (() => Promise<void>) | null;
  close(): Promise<void>;
};

/**
 * On PostgreSQL (TEST_DATABASE_URL): a database of the test's own whose sessions are terminated and whose new
 * connections are refused (`ALLOW_CONNECTIONS false`) until `restore`. On PGlite: the client is closed.
 */
export async function createBreakableDatabase(): Promise<BreakableDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([readFileSync(templatePath())]),
    });
    return { database, cutOff: () => database.close(), restore: null, close: async () => {} };
  }
  const name = await createPostgresTestDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 5 });
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    database,
    async cutOff() {
      await admin(`alter database "${name}" allow_connections false`);
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    },
    restore: () => admin(`alter database "${name}" allow_connections true`),
    async close() {
      await database.close();
      await dropPostgresTestDatabase(url, name);
    },
  };
}
