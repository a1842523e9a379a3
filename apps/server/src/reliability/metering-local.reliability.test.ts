import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { GATEWAY_TEST_ENV } from '../test/accounts.ts';
import { type SeededKey, seedKey } from '../test/seed-key.ts';
import { type ServerProcess, startServer } from '../test/server-process.ts';
import { storedCounts } from '../test/usage.ts';
import { countWithin, figure, fireKeyedLoad } from './metering/keyed-load.ts';

/**
 * One server on PGlite, no Redis (decision 018): a `kill -9` under keyed load loses only what was
 * acknowledged since the meter's last committed batch, at most one flush interval of its traffic plus the
 * commit under way at the kill, and the restarted quota counter does not hand those requests back as free
 * quota.
 */
const QUOTA = 1_000_000;
const RATE = 60_000;
const FLUSH_INTERVAL_MS = 1_000;
/** A timer firing late on a busy machine: the snapshots' schedule may slip this much. */
const SCHEDULE_SLACK_MS = 200;
/**
 * The victim is killed this long after its first acknowledged answer, so the meter had at least two ticks to
 * commit a batch: a kill by count alone came before the first tick on a fast machine (CI on Node 24 answered
 * 1,200 requests in 0.7 s), and then nothing committed proves nothing.
 */
const KILL_AFTER_MS = 2_500;
let dataDir: string;
let key: SeededKey;
let server: ServerProcess | null = null;

const openData = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const env = () => ({
  ...GATEWAY_TEST_ENV,
  DATA_DIR: dataDir,
  USAGE_FLUSH_INTERVAL_MS: String(FLUSH_INTERVAL_MS),
  // The meter's `usage batch taken` / `usage batch written` lines: when the victim took and committed each.
  LOG_LEVEL: 'debug',
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-metering-kill-'));
  const database = await openData();
  await database.migrate();
  key = await seedKey(database.db, { limits: { monthlyQuota: QUOTA, ratePerMinute: RATE } });
  await database.close();
  server = await startServer(env());
}, 240_000);

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

type BatchLine = { msg: string; takenAt: number };

/** When the victim's batches were taken and which were committed, from its debug lines (`meter.ts`). */
function batchTimes(output: string) {
  const lines = output
    .split('\n')
    .filter((line) => line.includes('"usage batch '))
    .map((line) => JSON.parse(line) as BatchLine);
  const takenAt = (msg: string) => lines.filter((line) => line.msg === msg).at(-1)?.takenAt ?? 0;
  return { lastTaken: takenAt('usage batch taken'), lastCommitted: takenAt('usage batch written') };
}

/** What the kill may lose (decision 018), from the victim's log and the acknowledgement times. */
type LossWindow = {
  /** Acknowledged by the victim in the window right before the kill. */
  target: number;
  /** One flush interval, the commit under way at the kill, and the schedule's slack. */
  ms: number;
  inFlightMs: number;
  /** How long before the kill the victim took the last batch it committed. */
  sinceCommittedMs: number;
};

let acknowledged = 0;
let window: LossWindow | null = null;

describe('metering in process, on PGlite', () => {
  it('is killed with SIGKILL under keyed load', async () => {
    const victim = server!;
    let killedAt = 0;
    let firstAcknowledgedAt = 0;
    const load = await fireKeyedLoad({
      urls: () => [victim.url],
      secret: key.secret,
      total: 30_000,
      concurrency: 32,
      onAcknowledged: () => {
        const now = Date.now();
        firstAcknowledgedAt ||= now;
        if (!killedAt && now - firstAcknowledgedAt >= KILL_AFTER_MS) {
          killedAt = now;
          victim.child.kill('SIGKILL');
        }
      },
    });
    expect(killedAt).toBeGreaterThan(0);
    if (victim.child.signalCode === null) await once(victim.child, 'exit');
    acknowledged = load.acknowledged;
    const { lastTaken, lastCommitted } = batchTimes(victim.output());
    // A batch taken after the last committed one was being written when the process died.
    const inFlightMs = lastTaken > lastCommitted ? killedAt - lastTaken : 0;
    const ms = FLUSH_INTERVAL_MS + inFlightMs + SCHEDULE_SLACK_MS;
    window = {
      // Answers that arrive after the kill were sent before it: they belong to the window too.
      target: countWithin(load.acknowledgedAt, killedAt - ms, Number.POSITIVE_INFINITY),
      ms,
      inFlightMs,
      sinceCommittedMs: lastCommitted ? killedAt - lastCommitted : Number.POSITIVE_INFINITY,
    };
  }, 60_000);

  // Its own test: a server start alone takes tens of seconds on a busy machine.
  it('loses at most one flush interval and keeps the lost requests out of the restarted quota', async () => {
    expect(acknowledged).toBeGreaterThan(0);
    const { target, ms, inFlightMs, sinceCommittedMs } = window!;
    server = await startServer(env());
    const probe = await fetch(`${server.url}/quotes/json/last/USD-BRL`, {
      headers: { 'x-api-key': key.secret },
    });
    expect(probe.status).toBe(200);
    const counterAfterRestart = QUOTA - Number(probe.headers.get('x-quota-remaining')) - 1;
    expect(await server.stop()).toBe(0);
    const database = await openData();
    const counted = ((await storedCounts(database.db, key.key.id))[200] ?? 0) - 1;
    await database.close();

    const lost = Math.max(0, acknowledged - counted);
    console.info(
      `kill -9 under load, no Redis: acknowledged ${figure(acknowledged)} · counted ${figure(counted)}` +
        ` · lost ${figure(lost)} (target ≤ ${figure(target)}, acknowledged in the last ${figure(ms)} ms:` +
        ` interval ${figure(FLUSH_INTERVAL_MS)} + commit under way ${figure(inFlightMs)} + slack ${SCHEDULE_SLACK_MS})` +
        ` · last committed batch taken ${figure(sinceCommittedMs)} ms before the kill (target ≤ ${figure(ms)})` +
        ` · quota counter after restart ${figure(counterAfterRestart)} (target ≥ ${figure(acknowledged)})`,
    );
    expect(sinceCommittedMs).toBeLessThanOrEqual(ms);
    expect(lost).toBeLessThanOrEqual(target);
    expect(counterAfterRestart).toBeGreaterThanOrEqual(acknowledged);
  }, 150_000);
});
