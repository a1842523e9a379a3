/**
 * Dashboard reads while the public API is under load (issue 15, Deliver item 5): the account of the
 * gateway bench's set-up (an enterprise key whose limits are far above the load, here with 14 days of
 * usage behind it) signs in and reads what the dashboard reads, the four requests at once as the page
 * makes them, round after round; in alternating slices its key's metered quote route is under autocannon
 * or idle. Prints the reads' p50/p95/p99 idle and under load, and the ratio, against the target: p95 under
 * load ≤ 3× idle, 0 errors.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { userCredentials } from '../apps/server/src/db/schema/user-credentials.ts';
import { DAY_MS, utcDay } from '../apps/server/src/lib/time.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { seedKey, seedUsage } from '../apps/server/src/test/seed-key.ts';
import { type ServerProcess, startServer } from '../apps/server/src/test/server-process.ts';
import { machineLine, ms, percentiles, verdict, withinSeconds } from './latencies.ts';

export const DASHBOARD_UNDER_LOAD_BENCH = 'dashboard reads under API load';

/** What the dashboard screen reads (features/dashboard, keys, projects, and the status card and banner). */
const DASHBOARD_PATHS = ['/api/usage', '/api/keys', '/api/projects', '/api/status'];
const API_PATH = '/quotes/json/last/USD-BRL';
const CONNECTIONS = 50;
const SLICE_S = 5;
/** Idle and loaded slices, alternating (idle first): both see the same drift of a shared machine. */
const SLICES = 6;
const TARGET_RATIO = 3;
const PASSWORD = 'bench dashboard password';

type Account = { email: string; secret: string };

/** The gateway bench's account and key, with a password and 14 days of usage for its dashboard. */
async function seedAccount(dataDir: string): Promise<Account> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    const seeded = await seedKey(database.db, {
      plan: 'enterprise',
      limits: { ratePerMinute: 1_000_000_000, monthlyQuota: 1_000_000_000_000 },
    });
    await database.db
      .insert(userCredentials)
      .values({ userId: seeded.userId, passwordHash: await hashPassword(PASSWORD) });
    for (let daysAgo = 1; daysAgo <= 14; daysAgo++) {
      const day = utcDay(Date.now() - daysAgo * DAY_MS);
      await seedUsage(database.db, seeded, day, 200, 10_000 + daysAgo * 37);
      await seedUsage(database.db, seeded, day, 429, 50 + daysAgo);
    }
    return { email: `seed.${seeded.userId.slice(0, 8)}@example.com`, secret: seeded.secret };
  } finally {
    await database.close();
  }
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`dashboard login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as TokenSet).accessToken;
}

type Reads = { times: number[]; errors: number };

/** Rounds of the dashboard's reads, the four at once, until `isDone`. */
async function readDashboard(baseUrl: string, token: string, isDone: () => boolean, into: Reads) {
  const read = async (pathname: string) => {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${pathname}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) into.errors++;
    } catch {
      into.errors++;
    }
    into.times.push(performance.now() - started);
  };
  while (!isDone()) await Promise.all(DASHBOARD_PATHS.map(read));
}

type ApiLoad = { requests: number; seconds: number; failures: number };

async function measure(baseUrl: string, token: string, secret: string) {
  const idle: Reads = { times: [], errors: 0 };
  const loaded: Reads = { times: [], errors: 0 };
  const api: ApiLoad = { requests: 0, seconds: 0, failures: 0 };
  const load = (duration: number) =>
    autocannon({
      url: `${baseUrl}${API_PATH}`,
      connections: CONNECTIONS,
      duration,
      headers: { 'x-api-key': secret },
    });
  // Unmeasured: the server's hot paths compile and the dashboard's statements are planned once.
  await Promise.all([load(3), readDashboard(baseUrl, token, timeUp(3), { times: [], errors: 0 })]);
  for (let slice = 0; slice < SLICES; slice++) {
    if (slice % 2 === 0) {
      await readDashboard(baseUrl, token, timeUp(SLICE_S), idle);
      continue;
    }
    let isLoaded = true;
    // autocannon's answer is a thenable without `finally`.
    const run = Promise.resolve(load(SLICE_S)).finally(() => {
      isLoaded = false;
    });
    await readDashboard(baseUrl, token, () => !isLoaded, loaded);
    const result = await run;
    api.requests += result.requests.total;
    api.seconds += result.duration;
    api.failures += result.non2xx + result.errors + result.timeouts;
  }
  return { idle, loaded, api };
}

const timeUp = (seconds: number) => {
  const end = Date.now() + seconds * 1000;
  return () => Date.now() >= end;
};

function printReads({ idle, loaded, api }: Awaited<ReturnType<typeof measure>>): number {
  const idleFigures = percentiles(idle.times);
  const loadedFigures = percentiles(loaded.times);
  const row = (label: string, reads: Reads) => {
    const figures = percentiles(reads.times);
    console.log(
      `  ${label.padEnd(34)} ${String(figures.count).padStart(6)} ${ms(figures.p50).padStart(8)}` +
        ` ${ms(figures.p95).padStart(8)} ${ms(figures.p99).padStart(8)} ${String(reads.errors).padStart(7)}`,
    );
  };
  console.log(
    `  ${'dashboard reads'.padEnd(34)} ${'reads'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}` +
      ` ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  row('idle', idle);
  row(`API under load (${(api.requests / api.seconds).toFixed(0)} req/s)`, loaded);
  const ratio = loadedFigures.p95 / idleFigures.p95;
  console.log(
    `  p95 under load ${ratio.toFixed(1)}× idle, target ≤ ${TARGET_RATIO}×: ${verdict(ratio <= TARGET_RATIO)}`,
  );
  const errors = idle.errors + loaded.errors;
  console.log(`  dashboard errors ${errors}, target 0: ${verdict(errors === 0)}`);
  console.log(`  API answers other than 2xx ${api.failures}, target 0: ${verdict(api.failures === 0)}`);
  return errors + api.failures;
}

export async function runDashboardUnderLoadBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-bench-dashboard-'));
  let server: ServerProcess | undefined;
  try {
    const account = await seedAccount(dataDir);
    server = await startServer({ DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'off' });
    const baseUrl = server.url;
    const failures = await withinSeconds(60, DASHBOARD_UNDER_LOAD_BENCH, async () => {
      const token = await signIn(baseUrl, account.email);
      const measured = await measure(baseUrl, token, account.secret);
      console.log(
        `\n${DASHBOARD_UNDER_LOAD_BENCH}: ${DASHBOARD_PATHS.join(', ')} at once, round after round, in` +
          ` ${SLICES} alternating ${SLICE_S} s slices idle / with GET ${API_PATH} (key, metered) under` +
          ` autocannon (${CONNECTIONS} connections); ${machineLine()}`,
      );
      return printReads(measured);
    });
    // Reported, and the bench exits with 1, after the other parts have run.
    if (failures > 0) {
      console.error(`${DASHBOARD_UNDER_LOAD_BENCH}: ${failures} failed answers`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
