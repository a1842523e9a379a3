/**
 * Checks that the five CEPs the issue measures resolve to the right city, IBGE code and DDD, through
 * the real lookup with upstream providers off. Exits non-zero when one does not.
 *
 *   npm run check:cep -- --dir <path>   import that directory into a fresh in-memory database first
 *   npm run check:cep                   check the configured database as it is
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { openConfiguredDatabase } from '../src/db/open-configured.ts';
import { checkMeasuredCeps, describeCheckLine } from '../src/modules/cep/import/check.ts';
import { importReferenceData } from '../src/modules/cep/import/import-reference.ts';
import { readReferenceDirectory } from '../src/modules/cep/import/read-directory.ts';
import { createCepRepository } from '../src/modules/cep/repository.ts';
import { createCepService } from '../src/modules/cep/service.ts';

process.chdir(process.env.INIT_CWD ?? process.cwd());

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const database = values.dir
    ? await openDatabase({ kind: 'pglite' })
    : await openConfiguredDatabase(loadConfig());
  try {
    await database.migrate();
    if (values.dir) {
      const dir = path.resolve(values.dir);
      await importReferenceData(database.db, await readReferenceDirectory(dir));
      console.log(`imported ${dir} into a fresh database`);
    }
    const repository = createCepRepository(database.db);
    const service = createCepService({ repository, upstream: null, cacheSize: 0, cacheTtlMs: 1 });
    const lines = await checkMeasuredCeps(service, repository);
    for (const line of lines) console.log(describeCheckLine(line));
    const failed = lines.filter((line) => !line.isOk).length;
    console.log(failed === 0 ? 'all measured CEPs resolve correctly' : `${failed} measured CEP(s) wrong`);
    return failed === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`check failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
