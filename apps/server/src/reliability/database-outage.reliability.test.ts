import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEST_ENV } from '../test/accounts.ts';
import { redisNamespace, TEST_REDIS_URL } from '../test/redis.ts';
import { type SeededKey, seedKey } from '../test/seed-key.ts';
import { type ServerProcess, startServer } from '../test/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { storedCounts } from '../test/usage.ts';
import { figure, fireKeyedLoad } from './metering/keyed-load.ts';
import { createScratchDatabase, TEST_DATABASE_URL } from './metering/scratch-database.ts';
import { givePassword, logInOver } from './outage/portal-login.ts';

/**
 * One server process on PostgreSQL, reaching its database through a loopback proxy the test cuts: every
 * open connection killed and new ones refused for a few seconds, under keyed load and portal reads. During
 * the outage `/readyz` and the portal answer 503 with Retry-After (never 500); afterwards the server is
 * ready again by itself, without a restart, and every acknowledged metered request is in the stored usage.
 * Twice: metering in process, and metering in Redis (decision 018; TEST_REDIS_URL).
 */
const OUTAGE_MS = 3_000;
const FLUSH_INTERVAL_MS = 500;
/** How long the server may take to be ready again once the database accepts connections. */
const RECOVERY_TARGET_MS = 10_000;
const PORTAL_PATHS = ['/api/account', '/api/keys', '/api/projects'];

type Probe = { at: number; status: number; retryAfter: string | null; code: string | null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function outageSuite(metering: 'in process' | 'in Redis') {
  const namespace = redisNamespace();
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let key: SeededKey;
  let accessToken: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const database = await scratch.open();
    key = await seedKey(database.db, {
      limits: { monthlyQuota: 1_000_000_000, ratePerMinute: 1_000_000_000 },
    });
    const email = await givePassword(database.db, key.userId);
    await database.close();
    const direct = new URL(scratch.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(scratch.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startServer({
      ...GATEWAY_TEST_ENV,
      DATABASE_URL: proxied.toString(),
      USAGE_FLUSH_INTERVAL_MS: String(FLUSH_INTERVAL_MS),
      GATEWAY_KEY_CACHE_TTL_MS: '600000',
      ...(metering === 'in Redis' ? { REDIS_URL: TEST_REDIS_URL!, REDIS_KEY_PREFIX: namespace.prefix } : {}),
    });
    accessToken = (await logInOver(server.url, email)).accessToken;
  }, 240_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await proxy?.close();
    await namespace.clean();
    await scratch?.drop();
  }, 60_000);

  async function probe(path: string, headers: Record<string, string> = {}): Promise<Probe> {
    const at = Date.now();
    try {
      const response = await fetch(`${server.url}${path}`, { headers });
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      return {
        at,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        code: body?.code ?? null,
      };
    } catch {
      return { at, status: 0, retryAfter: null, code: null };
    }
  }

  const portalRead = (index: number) =>
    probe(PORTAL_PATHS[index % PORTAL_PATHS.length]!, { authorization: `Bearer ${accessToken}` });

  async function storedSuccesses(): Promise<number> {
    const database = await scratch.open();
    try {
      const counts = await storedCounts(database.db, key.key.id);
      return Object.entries(counts)
        .filter(([status]) => (Number(status) >= 200 && Number(status) < 300) || Number(status) === 304)
        .reduce((sum, [, count]) => sum + count, 0);
    } finally {
      await database.close();
    }
  }

  it(`metering ${metering}: not ready during the outage, ready again by itself after it, nothing acknowledged lost`, async () => {
    let done = false;
    let acknowledged = 0;
    let answeredBeforeCut = 0;
    let answeredDuring = 0;
    let failed = 0;
    const statuses = new Map<number, number>();
    // Keyed load in rounds until the scenario is over: before, during and after the outage.
    const load = (async () => {
      while (!done) {
        const round = await fireKeyedLoad({
          urls: () => [server.url],
          secret: key.secret,
          total: 200,
          concurrency: 16,
          onAcknowledged: () => {
            if (!cutAt) answeredBeforeCut += 1;
            else if (!restoredAt) answeredDuring += 1;
          },
        });
        acknowledged += round.acknowledged;
        failed += round.failed;
        for (const [status, count] of round.statuses)
          statuses.set(status, (statuses.get(status) ?? 0) + count);
      }
    })();
    const portal: Probe[] = [];
    const ready: Probe[] = [];
    let reads = 0;
    const poll = (async () => {
      while (!done) {
        const [readiness, read] = await Promise.all([probe('/readyz'), portalRead(reads++)]);
        ready.push(readiness);
        portal.push(read);
        await sleep(100);
      }
    })();

    let cutAt = 0;
    let killed = 0;
    let restoredAt = 0;
    let readyAgainAt = 0;
    try {
      await sleep(1_000);
      cutAt = Date.now();
      killed = await proxy.cutOff();
      await sleep(OUTAGE_MS);
      restoredAt = Date.now();
      await proxy.restore();
      while (!readyAgainAt && Date.now() - restoredAt < RECOVERY_TARGET_MS + 5_000) {
        if ((await probe('/readyz')).status === 200) readyAgainAt = Date.now();
        else await sleep(100);
      }
      // A little more load and reading on a recovered server.
      await sleep(1_000);
    } finally {
      done = true;
      await Promise.all([load, poll]);
    }

    // Well inside the outage (after what was in flight when it began, before the restore).
    const during = (probes: Probe[]) => probes.filter((p) => p.at > cutAt + 200 && p.at < restoredAt - 200);
    const after = (probes: Probe[]) => probes.filter((p) => readyAgainAt && p.at > readyAgainAt);
    const readyDuring = during(ready);
    const portalDuring = during(portal);
    const portalAfter = after(portal);
    const counted = await (async () => {
      // The meter kept the batches the database refused; its next flushes write them.
      const deadline = Date.now() + 15_000;
      let stored = await storedSuccesses();
      while (stored < acknowledged && Date.now() < deadline) {
        await sleep(200);
        stored = await storedSuccesses();
      }
      await sleep(FLUSH_INTERVAL_MS * 2);
      return storedSuccesses();
    })();
    const serverErrors = [...statuses].filter(([status]) => status >= 500 && status !== 503);
    const portal500 = portal.filter((p) => p.status >= 500 && p.status !== 503);
    console.info(
      `database outage ${figure(OUTAGE_MS)} ms, metering ${metering} (${killed} connections killed, new ones refused):` +
        ` /readyz 503 during it ${readyDuring.filter((p) => p.status === 503).length} of ${readyDuring.length} (target all)` +
        ` · portal 503 + Retry-After during it ${portalDuring.filter((p) => p.status === 503 && p.retryAfter).length} of ${portalDuring.length} (target all)` +
        ` · portal 500 ${portal500.length} (target 0)` +
        ` · ready again ${readyAgainAt ? `${figure(readyAgainAt - restoredAt)} ms` : 'never'} after (target ≤ ${figure(RECOVERY_TARGET_MS)} ms, no restart)` +
        ` · keyed load acknowledged ${figure(acknowledged)} (${figure(answeredDuring)} during the outage) · counted ${figure(counted)}` +
        ` · lost ${figure(Math.max(0, acknowledged - counted))} (target 0)` +
        ` · statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(answeredBeforeCut).toBeGreaterThan(0);
    // The gateway answers a known key from its caches while the database is away: those answers are the
    // ones the meter must keep until it can write them.
    expect(answeredDuring).toBeGreaterThan(0);
    expect(killed).toBeGreaterThan(0);
    expect(readyDuring.length).toBeGreaterThan(0);
    expect(readyDuring.every((p) => p.status === 503 && p.retryAfter !== null)).toBe(true);
    expect(portalDuring.length).toBeGreaterThan(0);
    for (const read of portalDuring) {
      expect(read.status).toBe(503);
      expect(read.retryAfter).toMatch(/^\d+$/);
      expect(read.code).toBe('DatabaseUnavailable');
    }
    expect(portal500).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(failed).toBe(0);
    expect(readyAgainAt).toBeGreaterThan(0);
    expect(readyAgainAt - restoredAt).toBeLessThanOrEqual(RECOVERY_TARGET_MS);
    expect(portalAfter.length).toBeGreaterThan(0);
    expect(portalAfter.every((p) => p.status === 200)).toBe(true);
    expect(server.child.exitCode).toBeNull();
    expect(counted).toBe(acknowledged);
  }, 60_000);
}

describe.skipIf(!TEST_DATABASE_URL)(
  'database connections killed and refused under load (TEST_DATABASE_URL)',
  () => {
    outageSuite('in process');
  },
);

describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL)(
  'database connections killed and refused under load, with Redis (TEST_DATABASE_URL, TEST_REDIS_URL)',
  () => {
    outageSuite('in Redis');
  },
);
