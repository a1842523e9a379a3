import path from 'node:path';
import { cepRanges } from '#server/db/schema/cep-ranges.ts';
import type { DemoSeedStep } from '../../seed/demo.ts';
import { importReferenceData } from './import/import-reference.ts';
import { readReferenceDirectory } from './import/read-directory.ts';

/** The project's own small reference set: a few capitals, their CEP ranges and some of their streets. */
export const DEMO_REFERENCE_DIR = path.join(import.meta.dirname, 'fixtures', 'reference');

/**
 * So that a fresh offline `npm start` already answers CEP lookups for the demo's capitals. A database
 * that already holds reference data (`npm run import:cep` before the first start) keeps it: the import's
 * ranges file is the whole truth about ranges, so loading the demo's ten over it would remove the rest
 * (issue 28). An import after the demo overwrites the demo's rows.
 */
export const demoCepReferenceStep: DemoSeedStep = {
  name: 'demo CEP reference data',
  async run(db) {
    const [imported] = await db.select({ cepStart: cepRanges.cepStart }).from(cepRanges).limit(1);
    if (imported) return;
    await importReferenceData(db, await readReferenceDirectory(DEMO_REFERENCE_DIR));
  },
};
