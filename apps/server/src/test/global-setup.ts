import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { templatePath } from './template.ts';

/**
 * Creating a PGlite database takes seconds; loading a dump takes well under one. So the suite migrates
 * one template per set of migrations and every test file starts from a copy of it.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const target = templatePath();
  if (existsSync(target)) return;
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, target);
}
