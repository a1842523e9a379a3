import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/client.ts';

/** Where the migrated PGlite template lives; its name changes whenever a migration does. */
export function templatePath(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return path.join(os.tmpdir(), `cotacep-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}
