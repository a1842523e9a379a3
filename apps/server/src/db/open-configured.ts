import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite with its files under DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    return openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  }
  return openDatabase({ kind: 'pglite', dataDir: path.resolve(config.DATA_DIR, 'pglite') });
}
