import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENCY_NAMES } from '../currency-names.ts';
import { daysBetween } from '../time.ts';
import { DATASET_PACKAGE, HISTORY_FILE, loadBundledData } from './bundled-data.ts';
import { parseCurrencyApiSnapshot } from './currency-api-snapshot.ts';
import { buildHistoryFile, historyObservations, parseHistoryFile } from './history-file.ts';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'currency-api', name), 'utf8');

describe('the shipped history file', () => {
  const history = parseHistoryFile(JSON.parse(readFileSync(HISTORY_FILE, 'utf8')));

  it('is compact, attributed and CC0', () => {
    expect(statSync(HISTORY_FILE).size).toBeLessThanOrEqual(300 * 1024);
    expect(history.license).toBe('CC0-1.0');
    expect(history.attribution).toContain('https://github.com/fawazahmed0/exchange-api');
  });

  it('gives a fresh install at least 30 consecutive days of 150+ currencies', () => {
    const days = history.days.map(([day]) => day);
    expect(days.length).toBeGreaterThanOrEqual(30);
    expect(new Set(days.slice(1).map((day, index) => daysBetween(days[index] as string, day)))).toEqual(
      new Set([1]),
    );
    expect(history.codes.length).toBeGreaterThanOrEqual(150);
    expect(history.codes.every((code) => CURRENCY_NAMES[code])).toBe(true);
  });

  it('ends on the day of the installed npm dataset', () => {
    const require = createRequire(import.meta.url);
    const dataset = parseCurrencyApiSnapshot(
      readFileSync(require.resolve(`${DATASET_PACKAGE}/v1/currencies/usd.min.json`), 'utf8'),
    );
    expect(history.days.at(-1)?.[0]).toBe(dataset.date);
    expect(loadBundledData().datasetAsOf).toBe(Date.parse(`${dataset.date}T00:00:00Z`));
  });

  it('refuses a row of the wrong width', () => {
    const broken = { ...history, days: [['2026-09-29', [1, 2]]] };
    expect(() => parseHistoryFile(broken)).toThrow(/wrong width/);
  });
});

describe('building a history from dataset versions', () => {
  const older = { ...parseCurrencyApiSnapshot(fixture('usd-2026-09-28.min.json')), version: '2026.9.28' };
  const newer = { ...parseCurrencyApiSnapshot(fixture('usd-2026-09-29.min.json')), version: '2026.9.29' };

  it('orders days, keeps the wanted codes and rounds to eight significant digits', () => {
    const history = buildHistoryFile([newer, older], ['BRL', 'EUR', 'ZZZ']);
    expect(history.codes).toEqual(['BRL', 'EUR']);
    expect(history.versions).toEqual(['2026.9.28', '2026.9.29']);
    expect(history.days.map(([day]) => day)).toEqual(['2026-09-28', '2026-09-29']);
    expect(history.days[1]?.[1]).toEqual([
      5.224238,
      Number((newer.rates.get('EUR') as number).toPrecision(8)),
    ]);
  });

  it('marks a currency missing on a day as null and skips it when reading back', () => {
    const sparse = { ...older, rates: new Map([['EUR', 0.86]]) };
    const history = buildHistoryFile([sparse, newer], ['BRL', 'EUR']);
    expect(history.days[0]?.[1]).toEqual([null, 0.86]);
    const observations = historyObservations(parseHistoryFile(history));
    expect(observations.filter((observation) => observation.day === '2026-09-28')).toHaveLength(1);
  });
});
