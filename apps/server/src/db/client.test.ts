import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { openDatabase } from './client.ts';
import { appMeta } from './schema/app-meta.ts';

describe('PGlite under DATA_DIR', () => {
  it('migrates on open and keeps its data across a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-db-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await first.migrate();
      await first.db.insert(appMeta).values({ key: 'restart-check', value: { kept: true } });
      await first.close();

      const second = await openDatabase({ kind: 'pglite', dataDir });
      await second.migrate(); // a second run applies nothing and keeps the rows
      const [row] = await second.db.select().from(appMeta).where(eq(appMeta.key, 'restart-check'));
      expect(row?.value).toEqual({ kept: true });
      expect(await second.ping()).toBe(true);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!TEST_DATABASE_URL)(
  'PostgreSQL pool whose connections are killed (TEST_DATABASE_URL)',
  () => {
    it('survives a connection lost mid-transaction (no unhandled error event) and reconnects by itself', async () => {
      const direct = new URL(TEST_DATABASE_URL!);
      const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(TEST_DATABASE_URL!);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      const database = await openDatabase({ kind: 'postgres', url: proxied.toString(), poolSize: 2 });
      try {
        const failed = await database.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            // The client is checked out and idle between two queries when its connection dies: the pool
            // does not listen on it then, and an 'error' event nobody listens to would end the process.
            await proxy.cutOff();
            await new Promise((resolve) => setTimeout(resolve, 200));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailable(failed)).toBe(true);
        expect(await database.ping()).toBe(false);
        await proxy.restore();
        expect(await database.ping()).toBe(true);
      } finally {
        await database.close();
        await proxy.close();
      }
    });
  },
);
