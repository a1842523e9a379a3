import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../db/client.ts';

/** TEST_DATABASE_URL (a PostgreSQL server) or null: the multi-instance tests skip when it is unset. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A migrated PostgreSQL database of this test's own for server processes to share (not a copy of the
 * suite's template: the suite's clean-up drops those), dropped by `drop`.
 */
export async function createScratchDatabase(): Promise<{
  url: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  const name = `cotacep_reliability_${randomBytes(5).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const open = () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  const database = await open();
  await database.migrate();
  await database.close();
  return { url: url.toString(), open, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
