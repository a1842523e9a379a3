import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { GATEWAY_TEST_ENV } from '../modules/gateway/test-support/accounts.ts';
import { type SeededKey, seedKey } from '../modules/gateway/test-support/seed-key.ts';
import { type ServerProcess, startServer } from '../modules/gateway/test-support/server-process.ts';
import { storedCounts } from '../modules/gateway/test-support/usage.ts';
import { figure, fireKeyedLoad } from './metering/keyed-load.ts';

/**
 * One server on PGlite, no Redis (decision 018): a `kill -9` under keyed load loses at most one flush
 * interval of its traffic, and the restarted quota counter does not hand those requests back as free quota.
 */
const QUOTA = 1_000_000;
const RATE = 20_000;
const FLUSH_INTERVAL_MS = 1_000;
let dataDir: string;
let key: SeededKey;
let server: ServerProcess | null = null;

const openData = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const env = () => ({
  ...GATEWAY_TEST_ENV,
  DATA_DIR: dataDir,
  USAGE_FLUSH_INTERVAL_MS: String(FLUSH_INTERVAL_MS),
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

let acknowledged = 0;
/** One flush interval's worth of the victim's traffic, at the rate it was answering. */
let perInterval = 0;

describe('metering in process, on PGlite', () => {
  it('is killed with SIGKILL under keyed load', async () => {
    const victim = server!;
    let killedAt = 0;
    const load = await fireKeyedLoad({
      urls: () => [victim.url],
      secret: key.secret,
      total: 2_000,
      concurrency: 32,
      onAcknowledged: (count) => {
        if (count === 1_200 && !killedAt) {
          killedAt = Date.now();
          victim.child.kill('SIGKILL');
        }
      },
    });
    expect(killedAt).toBeGreaterThan(0);
    acknowledged = load.acknowledged;
    perInterval = Math.ceil((load.acknowledged / load.elapsedMs) * FLUSH_INTERVAL_MS);
  }, 60_000);

  // Its own test: a server start alone takes tens of seconds on a busy machine.
  it('loses at most one flush interval and keeps the lost requests out of the restarted quota', async () => {
    expect(acknowledged).toBeGreaterThan(0);
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
        ` · lost ${figure(lost)} (target ≤ ${figure(perInterval)}, one flush interval)` +
        ` · quota counter after restart ${figure(counterAfterRestart)} (target ≥ ${figure(acknowledged)})`,
    );
    expect(lost).toBeLessThanOrEqual(perInterval);
    expect(counterAfterRestart).toBeGreaterThanOrEqual(acknowledged);
  }, 150_000);
});
