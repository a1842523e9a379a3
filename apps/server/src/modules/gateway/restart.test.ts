import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { type SeededKey, seedKey } from '../../test/seed-key.ts';
import { startServer } from '../../test/server-process.ts';
import { storedCounts } from '../../test/usage.ts';

const QUOTA = 1_000;
let dataDir: string;
let key: SeededKey;

// The same PGlite files the server opens under DATA_DIR; one process at a time.
const openData = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-gateway-restart-'));
  const database: Database = await openData();
  await database.migrate();
  key = await seedKey(database.db, { limits: { monthlyQuota: QUOTA, ratePerMinute: 1_000_000 } });
  await database.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function send(url: string, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const response = await fetch(`${url}/quotes/json/last/USD-BRL`, {
        headers: { 'x-api-key': key.secret },
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
}

describe('usage across a graceful restart', () => {
  it('counts N requests sent as N, written on shutdown and continued by the next process', async () => {
    // No timed flush during the run: what reaches the database is the shutdown's flush.
    const env = { DATA_DIR: dataDir, USAGE_FLUSH_INTERVAL_MS: '60000' };
    const first = await startServer(env);
    const firstStatuses = await send(first.url, 150);
    expect(firstStatuses.every((status) => status === 200)).toBe(true);
    expect(await first.stop()).toBe(0);

    const second = await startServer(env);
    // The quota counter of the new process starts from what the first one wrote.
    const probe = await fetch(`${second.url}/quotes/json/last/USD-BRL?token=${key.secret}`);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('x-quota-remaining')).toBe(String(QUOTA - 151));
    const secondStatuses = await send(second.url, 99);
    expect(secondStatuses.every((status) => status === 200)).toBe(true);
    expect(await second.stop()).toBe(0);

    const database = await openData();
    try {
      expect(await storedCounts(database.db, key.key.id)).toEqual({ 200: 250 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
