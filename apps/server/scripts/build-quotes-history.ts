/**
 * Builds the quotes history shipped with the server (src/modules/quotes/data/currency-api-history.json)
 * from dated versions of the npm dataset @fawazahmed0/currency-api (CC0), fetched with `npm pack`.
 *
 *   node --import tsx scripts/build-quotes-history.ts [--days 45] [--out <file>] [--cache <dir>]
 *
 * Only versions up to the installed one are used, so the history ends where the installed dataset does.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CURRENCY_NAMES } from '../src/modules/quotes/currency-names.ts';
import { parseCurrencyApiSnapshot } from '../src/modules/quotes/sources/currency-api-snapshot.ts';
import { buildHistoryFile, type HistoryFile } from '../src/modules/quotes/sources/history-file.ts';

const PACKAGE = '@fawazahmed0/currency-api';
const MAX_BYTES = 300 * 1024;
const MIN_DAYS = 30;

export const HISTORY_PATH = path.resolve(
  import.meta.dirname,
  '../src/modules/quotes/data/currency-api-history.json',
);

function versionKey(version: string): number {
  const [year = 0, month = 0, day = 0] = version.split('.').map(Number);
  return year * 10_000 + month * 100 + day;
}

/** One line per day keeps the committed file readable in diffs. */
export function serializeHistory(history: HistoryFile): string {
  const { days, ...head } = history;
  const header = JSON.stringify(head).slice(0, -1);
  const rows = days.map((row) => JSON.stringify(row)).join(',\n');
  return `${header},"days":[\n${rows}\n]}\n`;
}

function packedSnapshot(version: string, cacheDir: string) {
  const tarball = path.join(cacheDir, `fawazahmed0-currency-api-${version}.tgz`);
  if (!existsSync(tarball)) {
    execFileSync('npm', ['pack', `${PACKAGE}@${version}`, '--pack-destination', cacheDir, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const text = execFileSync('tar', ['-xzOf', tarball, 'package/v1/currencies/usd.min.json'], {
    maxBuffer: 16 * 1024 * 1024,
  }).toString('utf8');
  return { ...parseCurrencyApiSnapshot(text), version };
}

function main() {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '45' },
      out: { type: 'string', default: HISTORY_PATH },
      cache: { type: 'string', default: path.join(os.tmpdir(), 'cotacep-currency-api-versions') },
    },
  });
  const wanted = Number(values.days);
  if (!Number.isInteger(wanted) || wanted < MIN_DAYS) throw new Error(`--days must be at least ${MIN_DAYS}`);
  mkdirSync(values.cache, { recursive: true });

  const require = createRequire(import.meta.url);
  const installed = (
    JSON.parse(readFileSync(require.resolve(`${PACKAGE}/package.json`), 'utf8')) as {
      version: string;
    }
  ).version;
  const published = JSON.parse(
    execFileSync('npm', ['view', PACKAGE, 'versions', '--json'], { encoding: 'utf8' }),
  ) as string[];
  const versions = published
    .filter((version) => versionKey(version) <= versionKey(installed))
    .sort((a, b) => versionKey(a) - versionKey(b))
    .slice(-wanted);

  const snapshots = versions.map((version) => {
    process.stdout.write(`${version} `);
    return packedSnapshot(version, values.cache);
  });
  const history = buildHistoryFile(snapshots, Object.keys(CURRENCY_NAMES));
  const text = serializeHistory(history);
  if (history.days.length < MIN_DAYS) throw new Error(`only ${history.days.length} distinct days`);
  if (Buffer.byteLength(text) > MAX_BYTES) throw new Error(`history is ${Buffer.byteLength(text)} bytes`);
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(values.out, text);
  const first = history.days[0]?.[0];
  const last = history.days.at(-1)?.[0];
  console.log(
    `\n${values.out}: ${history.days.length} days (${first} … ${last}), ${history.codes.length} currencies, ` +
      `${Buffer.byteLength(text)} bytes`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
