import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { templatePath } from './template.ts';

/**
 * A fresh migrated database for one test file: a copy of the PGlite template by default, or a
 * throwaway schema on the PostgreSQL server named by TEST_DATABASE_URL. `close` removes what it made.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = new Blob([readFileSync(templatePath())]);
    return openDatabase({ kind: 'pglite', loadDataDir: dump });
  }
  const schema = `cotacep_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5, searchPath: schema });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`drop schema if exists "${schema}" cascade`);
      await cleaner.end();
    },
  };
}
