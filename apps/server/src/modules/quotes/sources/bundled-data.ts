import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NAMED_CODES } from '../currency-names.ts';
import type { Observation } from '../types.ts';
import { parseCurrencyApiSnapshot, snapshotObservations } from './currency-api-snapshot.ts';
import { historyObservations, parseHistoryFile } from './history-file.ts';

export const HISTORY_FILE = path.resolve(import.meta.dirname, '../data/currency-api-history.json');
export const DATASET_PACKAGE = '@fawazahmed0/currency-api';

export type BundledData = {
  observations: readonly Observation[];
  /** The installed npm dataset's own day, as an instant: what the offline default is as fresh as. */
  datasetAsOf: number;
  datasetVersion: string;
};

let loaded: BundledData | undefined;

/**
 * The offline default: the shipped history file plus the installed npm dataset. Both are read-only
 * files, so they are parsed once per process and shared by every app built in it.
 */
export function loadBundledData(): BundledData {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const history = parseHistoryFile(JSON.parse(readFileSync(HISTORY_FILE, 'utf8')));
  const snapshot = parseCurrencyApiSnapshot(
    readFileSync(require.resolve(`${DATASET_PACKAGE}/v1/currencies/usd.min.json`), 'utf8'),
  );
  const { version } = JSON.parse(
    readFileSync(require.resolve(`${DATASET_PACKAGE}/package.json`), 'utf8'),
  ) as {
    version: string;
  };
  const observations = [
    ...historyObservations(history),
    ...snapshotObservations(snapshot, NAMED_CODES),
  ].filter((observation) => NAMED_CODES.has(observation.quote));
  loaded = {
    observations,
    datasetAsOf: Date.parse(`${snapshot.date}T00:00:00Z`),
    datasetVersion: version,
  };
  return loaded;
}
