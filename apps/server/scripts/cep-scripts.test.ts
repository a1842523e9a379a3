import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(SERVER_DIR, 'src/modules/cep/fixtures/reference');

type Run = { code: number; stdout: string; stderr: string };

/** Runs a script the way `npm run` does: node with tsx, from the server workspace, INIT_CWD given. */
function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join('scripts', script), ...args],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, INIT_CWD: SERVER_DIR, LOG_LEVEL: 'silent', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cep-scripts-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run import:cep and check:cep', () => {
  it('check:cep --dir imports into a throwaway database and passes on good data', async () => {
    const result = await run('check-cep.ts', ['--dir', FIXTURES]);
    expect(result.stdout).toContain('ok   40020000  expected Salvador/BA 2927408 DDD 71');
    expect(result.stdout).toContain('all measured CEPs resolve correctly');
    expect(result.code).toBe(0);
  }, 60_000);

  it('check:cep exits non-zero when the measured CEPs are not there (an empty database)', async () => {
    const result = await run('check-cep.ts', [], { DATA_DIR: dataDir });
    expect(result.stdout).toContain('5 measured CEP(s) wrong');
    expect(result.code).toBe(1);
  }, 60_000);

  it('import:cep loads a directory into the configured database and a second run changes nothing', async () => {
    const first = await run('import-cep.ts', ['--dir', FIXTURES], { DATA_DIR: dataDir });
    expect(first.stdout).toContain('municipalities  8 inserted, 0 updated, 0 unchanged');
    expect(first.stdout).toContain('streets         4 inserted, 0 updated, 0 unchanged');
    expect(first.code).toBe(0);
    const second = await run('import-cep.ts', ['--dir', FIXTURES], { DATA_DIR: dataDir });
    expect(second.stdout).toContain('ranges          0 inserted, 0 updated, 10 unchanged');
    const check = await run('check-cep.ts', [], { DATA_DIR: dataDir });
    expect(check.code).toBe(0);
  }, 90_000);

  it('import:cep refuses to run without a source, or with a bad directory, and says why', async () => {
    const bare = await run('import-cep.ts', []);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('usage: import-cep --dir <path> | --download');
    const missing = await run('import-cep.ts', ['--dir', path.join(dataDir, 'nowhere')], {
      DATA_DIR: dataDir,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/import failed: .*municipalities\.csv/);
  }, 60_000);
});
