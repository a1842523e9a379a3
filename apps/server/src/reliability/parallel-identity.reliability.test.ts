import { randomInt } from 'node:crypto';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLockouts } from '../db/schema/login-lockouts.ts';
import { lockoutKey } from '../modules/auth/lockout.ts';
import { redisNamespace, TEST_REDIS_URL } from '../test/redis.ts';
import { type ServerProcess, startServer } from '../test/server-process.ts';
import { figure } from './metering/keyed-load.ts';
import { createScratchDatabase, TEST_DATABASE_URL } from './metering/scratch-database.ts';
import { createPortalUser, logInOver, PORTAL_PASSWORD } from './outage/portal-login.ts';

/**
 * Two server processes on one PostgreSQL and one Redis, behind a "proxy" (TRUST_PROXY, so the client
 * address is the X-Forwarded-For the test sends): 50 parallel wrong passwords on one account from 10
 * addresses over both instances evaluate at most 5 (decision 008, lockout reserves before it verifies), and
 * 4 parallel refreshes with one token over both instances keep the user logged in, while a reuse after the
 * reuse interval still revokes the family.
 */
const isConfigured = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
const MAX_FAILURES = 5;
const ATTEMPTS = 50;
const ADDRESSES = 10;
/** Short, so the test waits it out for real; long enough for 4 parallel refreshes on a busy machine. */
const REUSE_INTERVAL_SECONDS = 3;

const namespace = redisNamespace();
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let servers: ServerProcess[] = [];
/** This run's own addresses: the per-IP limits live in the shared Redis. */
const network = `10.${randomInt(1, 255)}.${randomInt(0, 255)}`;
const address = (index: number) => `${network}.${(index % ADDRESSES) + 1}`;
const from = (index: number) => ({ 'x-forwarded-for': address(index) });

beforeAll(async () => {
  if (!isConfigured) return;
  scratch = await createScratchDatabase();
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: TEST_REDIS_URL!,
    REDIS_KEY_PREFIX: namespace.prefix,
    // One public address for both, as behind one balancer: it is the tokens' issuer.
    PUBLIC_URL: 'http://localhost:3000',
    CAPTCHA_PROVIDER: 'off',
    TRUST_PROXY: '127.0.0.1',
    // The default per-IP limit (20 per route and minute) stays: spread over 10 addresses it is not what
    // stops 50 attempts, the lockout has to.
    LOGIN_MAX_FAILURES: String(MAX_FAILURES),
    // A long first lock, so "afterwards" is still inside it however slow the machine is.
    LOGIN_LOCKOUT_BASE_SECONDS: '600',
    REFRESH_REUSE_INTERVAL_SECONDS: String(REUSE_INTERVAL_SECONDS),
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 240_000);

afterAll(async () => {
  if (!isConfigured) return;
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await namespace.clean();
  await scratch?.drop();
}, 60_000);

const serverFor = (index: number) => servers[index % servers.length]!;

async function post(index: number, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${serverFor(index).url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from(index), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function accountStatus(index: number, accessToken: string): Promise<number> {
  const response = await fetch(`${serverFor(index).url}/api/account`, {
    headers: { authorization: `Bearer ${accessToken}`, ...from(index) },
  });
  await response.arrayBuffer();
  return response.status;
}

async function newUser(): Promise<string> {
  const database = await scratch.open();
  try {
    return await createPortalUser(database.db);
  } finally {
    await database.close();
  }
}

const count = (codes: unknown[], code: string) => codes.filter((each) => each === code).length;

describe.skipIf(!isConfigured)('identity races, two instances (TEST_DATABASE_URL, TEST_REDIS_URL)', () => {
  it(`${ATTEMPTS} parallel wrong passwords from ${ADDRESSES} addresses evaluate at most ${MAX_FAILURES}, then the right one is refused`, async () => {
    const email = await newUser();
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        post(index, '/api/auth/login', { email, password: `wrong password ${index}` }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    // Each NotAuthorized is one password verified; a locked answer verifies nothing.
    const evaluated = count(codes, 'NotAuthorized');
    const locked = count(codes, 'PasswordAttemptsExceeded');
    const database = await scratch.open();
    const [lockout] = await database.db
      .select()
      .from(loginLockouts)
      .where(eq(loginLockouts.emailHash, lockoutKey(email)));
    await database.close();
    const right = await post(ATTEMPTS, '/api/auth/login', { email, password: PORTAL_PASSWORD });
    console.info(
      `${ATTEMPTS} parallel wrong passwords, 2 instances, ${ADDRESSES} addresses:` +
        ` evaluated ${figure(evaluated)} (target ≤ ${MAX_FAILURES}) · locked out ${figure(locked)}` +
        ` (target ≥ ${ATTEMPTS - MAX_FAILURES}) · failures stored ${lockout?.failures ?? 0}` +
        ` · right password afterwards ${right.status} ${String(right.body.code)} (target 429 PasswordAttemptsExceeded)`,
    );
    expect(evaluated).toBeGreaterThanOrEqual(1);
    expect(evaluated).toBeLessThanOrEqual(MAX_FAILURES);
    expect(locked).toBe(ATTEMPTS - evaluated);
    // Neither the per-IP limit (the addresses were told apart) nor an error stopped any attempt.
    expect(answers.filter((answer) => answer.status !== 401 && answer.status !== 429)).toEqual([]);
    expect(count(codes, 'TooManyRequests')).toBe(0);
    expect(lockout?.failures).toBe(evaluated);
    expect(lockout?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('PasswordAttemptsExceeded');
  }, 60_000);

  it('4 parallel refreshes with one token over both instances keep the user logged in; a reuse after the interval revokes the family', async () => {
    const email = await newUser();
    const tokens = await logInOver(serverFor(0).url, email, from(0));
    const { sid } = decodeJwt(tokens.accessToken) as { sid: string };
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        post(index, '/api/auth/token/refresh', { refreshToken: tokens.refreshToken }),
      ),
    );
    const rotatedAt = Date.now();
    const successors = new Set(answers.map((answer) => answer.body.refreshToken));
    const loggedIn = await Promise.all(
      answers.map((answer, index) => accountStatus(index + 1, (answer.body as TokenSet).accessToken ?? '')),
    );
    console.info(
      `4 parallel refreshes of one token, 2 instances: answers ${answers.map((answer) => answer.status).join(' ')}` +
        ` (target 200 200 200 200) · distinct successors ${successors.size} (target 1)` +
        ` · access tokens accepted ${loggedIn.filter((status) => status === 200).length} of 4 (target 4)`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(successors.size).toBe(1);
    for (const answer of answers) expect(decodeJwt(String(answer.body.accessToken)).sid).toBe(sid);
    expect(loggedIn).toEqual([200, 200, 200, 200]);
    const [successor] = successors as Set<string>;
    const next = await post(1, '/api/auth/token/refresh', { refreshToken: successor });
    expect(next.status).toBe(200);
    const latest = next.body as TokenSet;

    // Past the reuse interval, the first token again: a replay, so the whole family goes.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, rotatedAt + REUSE_INTERVAL_SECONDS * 1000 + 1_000 - Date.now())),
    );
    const replay = await post(0, '/api/auth/token/refresh', { refreshToken: tokens.refreshToken });
    const newestRefresh = await post(1, '/api/auth/token/refresh', { refreshToken: latest.refreshToken });
    const newestAccess = await accountStatus(0, latest.accessToken);
    console.info(
      `reuse ${REUSE_INTERVAL_SECONDS + 1} s after rotation (interval ${REUSE_INTERVAL_SECONDS} s): replay ${replay.status}` +
        ` (target 401) · newest refresh token ${newestRefresh.status} (target 401)` +
        ` · newest access token ${newestAccess} (target 401)`,
    );
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('RefreshTokenInvalid');
    expect(newestRefresh.status).toBe(401);
    expect(newestAccess).toBe(401);
  }, 60_000);
});
