import path from 'node:path';
import type { DemoSeedStep } from '../../seed/demo.ts';
import { importReferenceData } from './import/import-reference.ts';
import { readReferenceDirectory } from './import/read-directory.ts';

/** The project's own small reference set: a few capitals, their CEP ranges and some of their streets. */
export const DEMO_REFERENCE_DIR = path.join(import.meta.dirname, 'fixtures', 'reference');

/**
 * So that a fresh offline `npm start` already answers CEP lookups for the demo's capitals. The full
 * reference data is loaded with `npm run import:cep`, which overwrites these rows with the same values.
 */
export const demoCepReferenceStep: DemoSeedStep = {
  name: 'demo CEP reference data',
  async run(db) {
    await importReferenceData(db, await readReferenceDirectory(DEMO_REFERENCE_DIR));
  },
};
