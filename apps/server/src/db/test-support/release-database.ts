import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dropPostgresTestDatabase } from '#server/test/database.ts';
import { TEST_DATABASE_PREFIX, withDatabase } from '#server/test/template.ts';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../client.ts';

type Journal = { entries: { tag: string }[] };

/** A copy of the migrations folder that ends with `lastTag`: what a release made before the next one. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag} in the journal`);
  const entries = journal.entries.slice(0, last + 1);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cotacep-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    await copyFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

/** An empty database of its own: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
async function openEmptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ kind: 'pglite' });
  // The suite's prefix: a copy an interrupted run leaves behind is dropped by the next global set-up.
  const name = `${TEST_DATABASE_PREFIX}release_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`).finally(() => admin.end());
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await dropPostgresTestDatabase(url, name);
    },
  };
}

/**
 * A database as the release whose last migration is `lastTag` left it; `migrate()` then applies the rest,
 * as the next release's server does when it starts.
 */
export async function openReleaseDatabase(lastTag: string): Promise<Database> {
  const folder = await migrationsUpTo(lastTag);
  const database = await openEmptyDatabase();
  try {
    const migrate = database.kind === 'pglite' ? migratePglite : migratePg;
    await migrate(database.db as never, { migrationsFolder: folder });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
