import { existsSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { TEST_DATABASE_PREFIX, templateDatabaseName, templatePath, withDatabase } from './template.ts';

/**
 * Creating a database and migrating it takes seconds; copying a migrated one takes well under one. So the
 * suite migrates one template per set of migrations (a PGlite dump, or a template database on the server
 * named by TEST_DATABASE_URL) and every test file starts from a copy of it.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return setupPostgresTemplate(url);
  await ensurePgliteTemplate();
}

/** The migrated PGlite data directory as a gzipped tarball (`templatePath()`), made when missing. */
export async function ensurePgliteTemplate(): Promise<string> {
  const target = templatePath();
  if (existsSync(target)) return target;
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, target);
  return target;
}

async function setupPostgresTemplate(url: string) {
  const template = templateDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Our own databases only: templates of older migrations and copies left by an interrupted run.
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1 and datname <> $2',
      [`${TEST_DATABASE_PREFIX}%`, template],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount) return;
    await admin.query(`create database "${template}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 1 });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await dropDatabase(url, template);
    throw error;
  }
  await database.close();
}

async function dropDatabase(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
