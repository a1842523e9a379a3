import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { recordAudit, SYSTEM_CONTEXT } from '../src/modules/audit/record.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

type Run = { code: number; stdout: string; stderr: string };

/** `npm run audit:verify` as an operator runs it: node with tsx, on the database DATA_DIR names. */
function verify(dataDir: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join('scripts', 'audit-verify.ts')],
      {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          INIT_CWD: SERVER_DIR,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs `change` on the PGlite database under `dataDir`, the one the script will open afterwards. */
async function withDatabaseAt(
  dataDir: string,
  change: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>,
) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await change(database.db);
  } finally {
    await database.close();
  }
}

let dataDir: string;
const organizationId = randomUUID();
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'audit-verify-'));
  await withDatabaseAt(dataDir, async (db) => {
    for (const name of ['Loja', 'Backend', 'Mobile']) {
      await db.transaction((tx) =>
        recordAudit(tx, SYSTEM_CONTEXT, { event: 'project.created', organizationId, details: { name } }),
      );
    }
  });
}, 60_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run audit:verify', () => {
  it('says the log is intact and exits 0 when every chain holds', async () => {
    const result = await verify(dataDir);
    expect(result.stdout).toContain('audit log intact: 3 entries in 1 chains');
    expect(result.code).toBe(0);
  }, 60_000);

  it('names the first broken link and exits 1 when an entry was edited', async () => {
    await withDatabaseAt(dataDir, async (db) => {
      await db.execute(sql`update audit_events set details = '{"name":"Outra"}' where sequence = 2`);
    });
    const result = await verify(dataDir);
    expect(result.stderr).toContain(`audit log broken: chain ${organizationId}, entry #2`);
    expect(result.stderr).toContain('was altered');
    expect(result.code).toBe(1);
  }, 60_000);

  it('names the gap and exits 1 when an entry was deleted', async () => {
    await withDatabaseAt(dataDir, async (db) => {
      await db.execute(sql`delete from audit_events where sequence = 2`);
    });
    const result = await verify(dataDir);
    expect(result.stderr).toContain(`audit log broken: chain ${organizationId}, entry #2`);
    expect(result.stderr).toContain('is missing or was replaced');
    expect(result.code).toBe(1);
  }, 60_000);
});
