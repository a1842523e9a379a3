/**
 * The usage API's query (`getUsageReport`: 15 days by status, 12 months, the period by key) on a database
 * holding a year of daily usage for BENCH_USAGE_ACCOUNTS accounts (10,000 by default, the scale),
 * for an account with 100 keys and for an ordinary one: median and p95 against the target, and the rows
 * each statement reads, from `EXPLAIN (ANALYZE, BUFFERS)`. On PGlite, and also on PostgreSQL when
 * BENCH_DATABASE_URL names a server (a database of its own is created there and dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type SQLWrapper, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { usageDaily } from '../apps/server/src/db/schema/usage-daily.ts';
import { utcDay } from '../apps/server/src/lib/time.ts';
import { getUsageReport, usageReportQueries } from '../apps/server/src/modules/usage/report.ts';
import { generateUsageData, selectRows, type UsageData } from './usage-data.ts';

export const USAGE_QUERY_BENCH = 'usage API query (getUsageReport)';
const TARGET_MEDIAN_MS = 50;
const RUNS = Number(process.env.BENCH_USAGE_RUNS ?? 50);
const ACCOUNTS = Number(process.env.BENCH_USAGE_ACCOUNTS ?? 10_000);

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

type Explained = { rowsRead: number; blocks: number; ms: number; scans: string[] };

/** Rows every scan of a plan read (returned or filtered out, times its loops), and what it scanned. */
function walk(node: PlanNode, into: Explained) {
  if (node['Relation Name']) {
    const read =
      node['Actual Rows'] +
      (node['Rows Removed by Filter'] ?? 0) +
      (node['Rows Removed by Index Recheck'] ?? 0);
    into.rowsRead += read * node['Actual Loops'];
    into.scans.push(`${node['Node Type']} ${node['Index Name'] ?? node['Relation Name']}`);
  }
  for (const child of node.Plans ?? []) walk(child, into);
}

async function explain(db: Database['db'], query: SQLWrapper): Promise<Explained> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`explain (analyze, buffers, format json) ${query.getSQL()}`,
  );
  const raw = Object.values(rows[0]!)[0];
  const [result] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
    { Plan: PlanNode; 'Execution Time': number },
  ];
  const plan = result!.Plan;
  const explained: Explained = {
    rowsRead: 0,
    blocks: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
    ms: result!['Execution Time'],
    scans: [],
  };
  walk(plan, explained);
  return explained;
}

async function timeReport(db: Database['db'], userId: string, now: number) {
  for (let warm = 0; warm < 3; warm++) await getUsageReport(db, userId, {}, now);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await getUsageReport(db, userId, {}, now);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** The 12 months as the report read them before the monthly rollup: a year of daily rows. */
function monthsFromDailyRows(db: Database['db'], userId: string, firstDay: string) {
  const month = sql`to_char(${usageDaily.day}, 'YYYY-MM')`;
  return db
    .select({ month, status: usageDaily.status, requests: sql`sum(${usageDaily.count})` })
    .from(usageDaily)
    .where(sql`${usageDaily.organizationId} = ${userId} and ${usageDaily.day} >= ${firstDay}`)
    .groupBy(month, usageDaily.status);
}

async function measureAccount(db: Database['db'], label: string, userId: string, now: number) {
  const { median, p95 } = await timeReport(db, userId, now);
  const { daily, monthly, period, months } = usageReportQueries(db, userId, {}, now);
  const statements: [string, SQLWrapper][] = [
    ['15 days (usage_daily)', daily],
    ['12 months (usage_monthly)', monthly],
    ['period by key (usage_monthly + keys, projects)', period],
    ['before: 12 months from usage_daily', monthsFromDailyRows(db, userId, `${months[0]}-01`)],
  ];
  const verdict = median <= TARGET_MEDIAN_MS ? 'met' : 'MISSED';
  console.log(
    `  ${label.padEnd(22)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms` +
      `   target ≤ ${TARGET_MEDIAN_MS} ms median: ${verdict}`,
  );
  for (const [name, statement] of statements) {
    const explained = await explain(db, statement);
    console.log(
      `    ${name.padEnd(48)} rows read ${explained.rowsRead.toLocaleString('en').padStart(9)}` +
        `   blocks ${explained.blocks.toLocaleString('en').padStart(7)}   ${explained.ms.toFixed(1).padStart(7)} ms` +
        `   ${[...new Set(explained.scans)].join(', ')}`,
    );
  }
}

/** `load` holds one connection (the bulk load's session settings apply to all its statements); `measure` is
 * opened as the app opens it. On PGlite both are the one database. */
type Target = { kind: string; load: Database; measure: () => Promise<Database> };

async function benchOn({ kind, load, measure }: Target) {
  const now = Date.now();
  await load.migrate();
  console.log(
    `\n${USAGE_QUERY_BENCH} on ${kind}: generating ${ACCOUNTS.toLocaleString('en')} accounts + 1 with 100 keys…`,
  );
  const data: UsageData = await generateUsageData(load.db, {
    accounts: ACCOUNTS,
    today: utcDay(now),
    log: (line) => console.log(line),
  });
  console.log(
    `  ${data.dailyRows.toLocaleString('en')} daily rows, ${data.monthlyRows.toLocaleString('en')} monthly rows,` +
      ` generated in ${data.seconds.toFixed(0)} s; ${RUNS} timed runs per account after 3 unmeasured`,
  );
  const database = await measure();
  await measureAccount(database.db, 'account with 100 keys', data.bigAccount, now);
  await measureAccount(database.db, 'ordinary account', data.ordinaryAccount, now);
}

async function onPglite() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-bench-usage-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await benchOn({ kind: 'PGlite', load: database, measure: async () => database });
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(url: string) {
  const name = `cotacep_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const opened: Database[] = [];
  try {
    await admin.query(`create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const open = async (poolSize?: number) => {
      const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize });
      opened.push(database);
      return database;
    };
    await benchOn({ kind: 'PostgreSQL', load: await open(1), measure: () => open() });
  } finally {
    for (const database of opened) await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

export async function runUsageQueryBench(): Promise<void> {
  await onPglite();
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await onPostgres(url);
}
