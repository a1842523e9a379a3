import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
