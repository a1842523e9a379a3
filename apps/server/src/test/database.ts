import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { TEST_DATABASE_PREFIX, templateDatabaseName, templatePath, withDatabase } from './template.ts';

/**
 * A fresh migrated database for one test file: a copy of the PGlite template by default, or a copy of the
 * template database on the PostgreSQL server named by TEST_DATABASE_URL. `close` drops what it created.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = new Blob([readFileSync(templatePath())]);
    return openDatabase({ kind: 'pglite', loadDataDir: dump });
  }
  const name = await createPostgresTestDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await dropPostgresTestDatabase(url, name);
    },
  };
}

/** Copies the migrated template into a new database of our own and returns its name. */
export async function createPostgresTestDatabase(url: string): Promise<string> {
  const name = `${TEST_DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // PostgreSQL refuses to copy a template that another copy is reading at that moment: try again shortly.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${templateDatabaseName()}"`);
        return name;
      } catch (error) {
        const isBusy = (error as { code?: string }).code === '55006';
        if (!isBusy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
}

export async function dropPostgresTestDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
