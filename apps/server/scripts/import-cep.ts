/**
 * Loads the CEP reference data into the configured database (PGlite under DATA_DIR, or DATABASE_URL):
 *
 *   npm run import:cep -- --dir <path>      municipalities.csv, ranges.csv, streets.json (see docs/cep.md)
 *   npm run import:cep -- --download [--base-url <url>]   build municipalities and ranges from their
 *                                            public sources (raw.githubusercontent.com by default)
 *
 * Idempotent: a second run reports everything unchanged. With the embedded PGlite, stop the server
 * first (one process at a time may open its files).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openConfiguredDatabase } from '../src/db/open-configured.ts';
import { DEFAULT_DOWNLOAD_BASE_URL, downloadReference } from '../src/modules/cep/import/download.ts';
import { type ImportReport, importReferenceData } from '../src/modules/cep/import/import-reference.ts';
import { readReferenceDirectory } from '../src/modules/cep/import/read-directory.ts';

// npm runs workspace scripts from the workspace; paths on the command line are the caller's.
process.chdir(process.env.INIT_CWD ?? process.cwd());

const USAGE = 'usage: import-cep --dir <path> | --download [--base-url <url>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, download: { type: 'boolean' }, 'base-url': { type: 'string' } },
  });
  if (Boolean(values.dir) === Boolean(values.download)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const data = values.dir
    ? await readReferenceDirectory(path.resolve(values.dir))
    : await downloadAndReport(values['base-url'] ?? DEFAULT_DOWNLOAD_BASE_URL);
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    printReport(await importReferenceData(database.db, data), database.kind);
  } finally {
    await database.close();
  }
  return 0;
}

async function downloadAndReport(baseUrl: string) {
  console.log(`downloading from ${baseUrl}`);
  const { data, unmatchedCities, skippedRanges } = await downloadReference(baseUrl);
  if (unmatchedCities.length > 0) {
    console.warn(`${unmatchedCities.length} cities matched no municipality: ${unmatchedCities.join(', ')}`);
    console.warn(`${skippedRanges} of their ranges skipped`);
  }
  return data;
}

function printReport(report: ImportReport, kind: string) {
  console.log(`CEP reference import into ${kind}:`);
  for (const [table, counts] of Object.entries(report)) {
    const parts = [
      `${counts.inserted} inserted`,
      `${counts.updated} updated`,
      `${counts.unchanged} unchanged`,
    ];
    if (counts.removed > 0) parts.push(`${counts.removed} removed`);
    console.log(`  ${table.padEnd(15)} ${parts.join(', ')}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `import failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
