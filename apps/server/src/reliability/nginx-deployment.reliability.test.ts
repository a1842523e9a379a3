import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisNamespace, TEST_REDIS_URL } from '../test/redis.ts';
import { type SeededKey, seedKey } from '../test/seed-key.ts';
import { freePort, type ServerProcess, startServer } from '../test/server-process.ts';
import { storedCounts } from '../test/usage.ts';
import { figure } from './metering/keyed-load.ts';
import { createScratchDatabase, TEST_DATABASE_URL } from './metering/scratch-database.ts';
import { createHttpsClient, type HttpsClient } from './nginx/https-client.ts';
import {
  findNginx,
  type NginxProcess,
  startNginx,
  upstreamFailTimeoutMs,
  writeTestCertificate,
} from './nginx/nginx-process.ts';
import { createPortalUser, PORTAL_PASSWORD } from './outage/portal-login.ts';

/**
 * The deployment of deploy/ on loopback, without Docker (issue 28): two production instances built from
 * this tree on one PostgreSQL and one Redis, behind Debian's nginx running the shipped deploy/nginx/nginx.conf
 * (only its ports, addresses and file locations rewritten). Everything is checked through nginx over TLS.
 */
const nginxBinary = findNginx();
const isConfigured = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL && nginxBinary);
if (TEST_DATABASE_URL && TEST_REDIS_URL && !nginxBinary) {
  console.warn('nginx is not installed (apt-get install nginx): the deployment test is skipped');
}
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const RATE_PER_MINUTE = 12;
const QUOTA = 15;
const QUOTES_PATH = '/quotes/json/last/USD-BRL';
/** The client's own address (https-client.ts); nginx reaches the instances from 127.0.0.1. */
const CLIENT_ADDRESS = '127.0.0.3';
const SPOOFED_ADDRESS = '203.0.113.9';
const METRICS_TOKEN = randomBytes(24).toString('base64url');

const namespace = redisNamespace();
const dir = mkdtempSync(path.join(os.tmpdir(), 'cotacep-nginx-'));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let nginx: NginxProcess;
let client: HttpsClient;
let upstreamPorts: [number, number];
const servers: ServerProcess[] = [];
let serverEnv: Record<string, string>;

beforeAll(async () => {
  if (!isConfigured) return;
  // The SPA is served by the instances: build it once when this tree never was (`npm test` builds it in CI).
  if (!existsSync(WEB_INDEX)) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const ca = writeTestCertificate(dir);
  const [httpPort, httpsPort, first, second] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  upstreamPorts = [first, second];
  scratch = await createScratchDatabase();
  const origin = `https://127.0.0.1:${httpsPort}`;
  // Production as the guide configures it (deploy/README.md), with stand-ins for mail and Stripe that are
  // never reached by these requests.
  serverEnv = {
    NODE_ENV: 'production',
    ROLE: 'all',
    SERVE_WEB: 'true',
    DATABASE_URL: scratch.url,
    REDIS_URL: TEST_REDIS_URL!,
    REDIS_KEY_PREFIX: namespace.prefix,
    APP_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: origin,
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: 'smtp://127.0.0.1:9',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_nginx_deployment',
    STRIPE_WEBHOOK_SECRET: 'whsec_nginx_deployment',
    STRIPE_API_URL: 'http://127.0.0.1:9',
    CAPTCHA_PROVIDER: 'off',
    USAGE_FLUSH_INTERVAL_MS: '1000',
    METRICS_TOKEN,
  };
  servers.push(...(await Promise.all(upstreamPorts.map((port) => startServer(serverEnv, { port })))));
  nginx = await startNginx(nginxBinary!, { dir, httpPort, httpsPort, upstreamPorts });
  client = createHttpsClient(origin, ca);
}, 240_000);

afterAll(async () => {
  if (!isConfigured) return rmSync(dir, { recursive: true, force: true });
  client?.close();
  await nginx?.stop();
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await namespace.clean();
  await scratch?.drop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function seed(options: Parameters<typeof seedKey>[1]): Promise<SeededKey> {
  const database = await scratch.open();
  try {
    return await seedKey(database.db, options);
  } finally {
    await database.close();
  }
}

/** The instance (its address) nginx sent a request to, from nginx's access log (written just after the answer). */
async function upstreamOf(requestId: unknown): Promise<string | undefined> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const line = nginx.accessLog().find((entry) => entry.request_id === requestId);
    if (line) return String(line.upstream);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

/** The largest script of the build that has its .br and .gz beside it. */
function largestCompressedScript(): string {
  const assets = path.join(path.dirname(WEB_INDEX), 'assets');
  const [largest] = readdirSync(assets)
    .filter((file) => file.endsWith('.js') && existsSync(path.join(assets, `${file}.br`)))
    .filter((file) => existsSync(path.join(assets, `${file}.gz`)))
    .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size);
  if (!largest) throw new Error(`no pre-compressed script in ${assets}`);
  return largest;
}

describe.skipIf(!isConfigured)(
  'deploy/: two instances behind the shipped nginx (TEST_DATABASE_URL, TEST_REDIS_URL, nginx)',
  () => {
    it('runs the shipped nginx.conf, which `nginx -t` accepts', () => {
      expect(nginx.check.ok).toBe(true);
      expect(nginx.check.output).toContain('test is successful');
    });

    it('serves the SPA compressed, its hashed assets compressed and cached for a year, JSON compressed', async () => {
      const page = await client.request('/', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(page.body).toString('utf8');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, html).toBeDefined();

      const entry = await client.request(script!);
      expect(entry.status).toBe(200);
      expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      // The build writes .br and .gz next to the larger files: the largest script, in each encoding.
      const largest = `/assets/${largestCompressedScript()}`;
      for (const encoding of ['gzip', 'br'] as const) {
        const asset = await client.request(largest, { headers: { 'accept-encoding': encoding } });
        expect(asset.status).toBe(200);
        expect(asset.headers['content-encoding']).toBe(encoding);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const text = (
          encoding === 'gzip' ? gunzipSync(asset.body) : brotliDecompressSync(asset.body)
        ).toString();
        expect(text.length).toBeGreaterThan(asset.body.length);
      }
      // Kept by nginx, each encoding its own copy (Vary), so a plain client still gets plain JavaScript.
      const plain = await client.request(largest);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const again = await client.request(largest, { headers: { 'accept-encoding': 'gzip' } });
      expect(again.headers['x-cache']).toBe('HIT');
      expect(again.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(again.body).toString()).toBe(plain.body.toString());

      // The public API's OpenAPI document: compressed by nginx (the app sends it plain).
      const document = await client.request('/quotes/openapi.json', {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(document.status).toBe(200);
      expect(document.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(document.body).toString()).openapi).toMatch(/^3\./);

      // Port 80 only sends browsers to HTTPS.
      const port80 = nginx.httpPort;
      const plainHttp = await fetch(`http://127.0.0.1:${port80}/pricing`, { redirect: 'manual' });
      expect(plainHttp.status).toBe(301);
      expect(plainHttp.headers.get('location')).toBe(`https://127.0.0.1/pricing`);
    });

    it('keeps /metrics to the private network: each instance answers its scraper, nginx nobody', async () => {
      const authorization = `Bearer ${METRICS_TOKEN}`;
      const direct = await fetch(`${servers[0]!.url}/metrics`, { headers: { authorization } });
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('cotacep_http_requests_total');
      const through = await client.request('/metrics', { headers: { authorization } });
      expect(through.status).toBe(404);
      expect(through.body.toString()).not.toContain('cotacep_');
    });

    it('signs in on one instance and refreshes on the other', async () => {
      const database = await scratch.open();
      const email = await createPortalUser(database.db);
      await database.close();
      const login = await client.json('/api/auth/login', {
        method: 'POST',
        body: { email, password: PORTAL_PASSWORD },
      });
      expect(login.status, login.body.toString()).toBe(200);
      const signedInOn = await upstreamOf(login.headers['x-request-id']);
      expect(signedInOn).toMatch(/^127\.0\.0\.1:\d+$/);
      // Round robin: the next refreshes reach the other instance within a few tries.
      let tokens = login.json as { accessToken: string; refreshToken: string };
      const refreshedOn: string[] = [];
      for (
        let attempt = 0;
        attempt < 6 && !refreshedOn.some((upstream) => upstream !== signedInOn);
        attempt++
      ) {
        const refresh = await client.json('/api/auth/token/refresh', {
          method: 'POST',
          body: { refreshToken: tokens.refreshToken },
        });
        expect(refresh.status, refresh.body.toString()).toBe(200);
        refreshedOn.push(String(await upstreamOf(refresh.headers['x-request-id'])));
        tokens = refresh.json as typeof tokens;
      }
      console.info(`signed in on ${signedInOn}, refreshed on ${refreshedOn.join(', ')}`);
      expect(refreshedOn.some((upstream) => upstream !== signedInOn)).toBe(true);
      const account = await client.json('/api/account', {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      expect(account.status).toBe(200);
      expect(account.json.email).toBe(email);
    });

    it("shares a key's rate limit and its monthly quota between both instances", async () => {
      const limited = await seed({ limits: { ratePerMinute: RATE_PER_MINUTE, monthlyQuota: 1_000_000 } });
      const quoted = await seed({ limits: { ratePerMinute: 1_000_000, monthlyQuota: QUOTA } });
      const fire = async (key: SeededKey, total: number) => {
        const answers = [];
        // Three at a time, so both instances take turns under one counter.
        for (let sent = 0; sent < total; sent += 3) {
          answers.push(
            ...(await Promise.all(
              [0, 1, 2].map(() => client.request(QUOTES_PATH, { headers: { 'x-api-key': key.secret } })),
            )),
          );
        }
        const instances = new Set(
          await Promise.all(answers.map((answer) => upstreamOf(answer.headers['x-request-id']))),
        );
        return {
          ok: answers.filter((answer) => answer.status === 200).length,
          statuses: answers.map((a) => a.status),
          instances,
        };
      };
      const rate = await fire(limited, RATE_PER_MINUTE * 2);
      const quota = await fire(quoted, QUOTA * 2);
      console.info(
        `through nginx over 2 instances: ${rate.ok} of ${RATE_PER_MINUTE * 2} admitted at ${RATE_PER_MINUTE}/min (target ${RATE_PER_MINUTE})` +
          ` · ${quota.ok} of ${QUOTA * 2} admitted on a quota of ${QUOTA} (target ${QUOTA})`,
      );
      expect(rate.instances.size).toBe(2);
      expect(rate.ok).toBe(RATE_PER_MINUTE);
      expect(rate.statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);
      expect(quota.instances.size).toBe(2);
      expect(quota.ok).toBe(QUOTA);
      expect(quota.statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);
    });

    it("a private key's address restriction sees the real client, never a spoofed X-Forwarded-For", async () => {
      const keyFor = (allowed: string) => seed({ key: { kind: 'private', allowedOrigins: allowed } });
      const [client_, spoofed, proxy] = await Promise.all([
        keyFor(CLIENT_ADDRESS),
        keyFor(SPOOFED_ADDRESS),
        keyFor('127.0.0.1'),
      ]);
      const status = async (key: SeededKey) =>
        (
          await client.request(QUOTES_PATH, {
            headers: { 'x-api-key': key.secret, 'x-forwarded-for': SPOOFED_ADDRESS },
          })
        ).status;
      const statuses = {
        client: await status(client_),
        spoofed: await status(spoofed),
        proxy: await status(proxy),
      };
      console.info(
        `private keys, request from ${CLIENT_ADDRESS} claiming ${SPOOFED_ADDRESS}: ${JSON.stringify(statuses)}`,
      );
      expect(statuses.client).toBe(200);
      expect(statuses.spoofed).toBe(403);
      expect(statuses.proxy).toBe(403);
      expect(nginx.accessLog().at(-1)?.client).toBe(CLIENT_ADDRESS);
    });

    it('a rolling restart of each instance under load loses no request and no count', async () => {
      const key = await seed({ limits: { ratePerMinute: 1_000_000_000, monthlyQuota: 1_000_000_000 } });
      let running = true;
      const load = { acknowledged: 0, refused: [] as string[] };
      const worker = async () => {
        while (running) {
          try {
            const answer = await client.request(QUOTES_PATH, { headers: { 'x-api-key': key.secret } });
            if (answer.status === 200) load.acknowledged += 1;
            else load.refused.push(`${answer.status} ${answer.body.toString().slice(0, 200)}`);
          } catch (error) {
            load.refused.push(String(error));
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      const restarts: string[] = [];
      try {
        for (const index of [0, 1]) {
          // As the guide says: a replaced instance gets nginx's traffic back only after fail_timeout, so the
          // next one is stopped after that, or nginx would find no instance to send to (502).
          await new Promise((resolve) => setTimeout(resolve, upstreamFailTimeoutMs() + 1_000));
          const before = load.acknowledged;
          const stopping = Date.now();
          const code = await servers[index]!.stop();
          const stoppedIn = Date.now() - stopping;
          // 0: every in-flight request answered and the usage in memory written before the timeout.
          expect(code, servers[index]!.output().slice(-2_000)).toBe(0);
          servers[index] = await startServer(serverEnv, { port: upstreamPorts[index] });
          restarts.push(
            `instance ${index + 1}: exit ${code} after ${figure(stoppedIn)} ms,` +
              ` ${figure(load.acknowledged - before)} answered while it was away`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      } finally {
        running = false;
        await Promise.all(workers);
      }
      // Both stop gracefully: every count still in memory is written.
      for (const server of servers) expect(await server.stop()).toBe(0);
      const database = await scratch.open();
      const counted = (await storedCounts(database.db, key.key.id))[200] ?? 0;
      await database.close();
      console.info(
        `rolling restart under load through nginx: ${restarts.join(' · ')} · acknowledged ${figure(load.acknowledged)}` +
          ` · counted ${figure(counted)} (target equal) · failed ${load.refused.length} (target 0)`,
      );
      expect(load.refused).toEqual([]);
      expect(load.acknowledged).toBeGreaterThan(100);
      expect(counted).toBe(load.acknowledged);
    }, 180_000);
  },
);

/** `docker compose` (v2) where it is installed; it reads the file without a Docker daemon. */
const composeVersion = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
const hasCompose = composeVersion.status === 0;
if (!hasCompose) console.warn('docker compose is not installed here: deploy/compose.yaml is not checked');

describe.skipIf(!hasCompose)('deploy/compose.yaml (docker compose)', () => {
  it('is accepted by `docker compose config` with the example settings', () => {
    const deploy = path.join(ROOT, 'deploy');
    const env = path.join(dir, 'compose.env');
    // The example with its blanks filled, as an operator's deploy/.env would be.
    const filled = readFileSync(path.join(deploy, 'env.example'), 'utf8').replace(/=$/gm, '=example-value');
    writeFileSync(env, filled);
    const result = spawnSync(
      'docker',
      [
        'compose',
        '--project-directory',
        deploy,
        '--env-file',
        env,
        '-f',
        path.join(deploy, 'compose.yaml'),
        'config',
        '--quiet',
      ],
      { encoding: 'utf8', env: { ...process.env, COTACEP_ENV_FILE: env } },
    );
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  });
});
