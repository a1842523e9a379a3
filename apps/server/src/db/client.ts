import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration from the one migrations folder. */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // A server that does not answer at all fails the query (a 503) instead of holding the request forever.
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', () => {
    // An idle client losing its connection is reported by the next query; keep the process alive.
  });
  pool.on('connect', (client) => {
    // The pool listens for errors only on idle clients. One checked out (a transaction between two
    // queries) whose connection dies emits 'error' with no listener, which would crash the process; its
    // queries fail on their own, and the pool drops it when it comes back unqueryable.
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool }) as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client }) as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
