import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/client.ts';

/** A short hash of every migration: templates are rebuilt whenever a migration changes. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the migrated PGlite template lives. */
export function templatePath(): string {
  return path.join(os.tmpdir(), `cotacep-pglite-template-${migrationsHash()}.tar.gz`);
}

/** Prefix of every database the suite creates on a PostgreSQL server (templates and per-file copies). */
export const TEST_DATABASE_PREFIX = 'cotacep_test_';

/** The migrated template database on the PostgreSQL server named by TEST_DATABASE_URL. */
export function templateDatabaseName(): string {
  return `${TEST_DATABASE_PREFIX}template_${migrationsHash()}`;
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
