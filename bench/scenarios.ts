import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { importReferenceData } from '../apps/server/src/modules/cep/import/import-reference.ts';
import { readReferenceDirectory } from '../apps/server/src/modules/cep/import/read-directory.ts';
import { prepareGatewayScenarios } from './gateway.ts';

/** What `npm run bench` measures against the baseline. Each scenario may prepare data and server settings. */
export type BenchScenario = {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Extra environment for the server under test. */
  env?: Record<string, string>;
  /** Runs once the server is up, before measuring (warm a cache, create a key…). */
  beforeMeasure?: (baseUrl: string) => Promise<void>;
  /** Runs after measuring (check counts…). */
  afterMeasure?: (baseUrl: string) => Promise<void>;
};

/**
 * Anonymous calls have a small per-IP rate; the anonymous scenarios measure the admitted path itself, at
 * up to ~100k requests a second from one address, so the limit is far above what a minute of load sends.
 */
const ANONYMOUS = { GATEWAY_ANONYMOUS_PER_MINUTE: '1000000000' };
/** No scheduled ingest and no upstream calls while measuring: the answers come from memory. */
const OFFLINE = { QUOTES_INGEST: 'off', CEP_UPSTREAM: 'off', CAPTCHA_PROVIDER: 'off' };

/**
 * Prepares the server's database (the CEP test fixtures imported, a key seeded) before the server starts,
 * and lists the scenarios in the order they are measured.
 */
export async function prepareScenarios(context: {
  root: string;
  env: Record<string, string>;
}): Promise<BenchScenario[]> {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(context.env.DATA_DIR!, 'pglite'),
  });
  try {
    await database.migrate();
    const fixtures = path.join(context.root, 'apps/server/src/modules/cep/fixtures/reference');
    await importReferenceData(database.db, await readReferenceDirectory(fixtures));
    return [
      {
        name: 'GET /quotes/json/last/USD-BRL',
        path: '/quotes/json/last/USD-BRL',
        env: { ...OFFLINE, ...ANONYMOUS },
      },
      {
        name: 'GET /cep/json/01001000 (cached)',
        path: '/cep/json/01001000',
        env: { ...OFFLINE, ...ANONYMOUS },
        // The first lookup reads the database and fills the memory cache; the measured ones hit it.
        beforeMeasure: async (baseUrl) => {
          const response = await fetch(`${baseUrl}/cep/json/01001000`);
          if (!response.ok) throw new Error(`CEP warm-up failed: ${response.status}`);
        },
      },
      ...(await prepareGatewayScenarios(database.db, OFFLINE)),
    ];
  } finally {
    await database.close();
  }
}
