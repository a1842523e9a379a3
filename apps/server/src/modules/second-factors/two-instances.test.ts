import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp } from '#server/test/app.ts';
import { createPostgresTestDatabase, dropPostgresTestDatabase } from '#server/test/database.ts';
import { redisNamespace, TEST_REDIS_URL } from '#server/test/redis.ts';
import { type ServerProcess, startServer } from '#server/test/server-process.ts';
import { withDatabase } from '#server/test/template.ts';
import { enrolTotp, totpCode } from '#server/test/totp.ts';

/**
 * Issue 25: the authenticator's lockout and its single use hold across instances. Two server processes share
 * PostgreSQL and Redis; 50 wrong codes for one challenge, split between them, get at most 5 checked, and
 * one right code sent to both at once signs in once. Skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const isConfigured = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!isConfigured) {
  console.info(
    'second-factors two-instances test skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run it',
  );
}

/** The tokens' issuer: the same for the app that signs the accounts in and for both instances. */
const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'gateway test password';
const redis = redisNamespace();
let databaseName: string;
let servers: ServerProcess[] = [];
let account: TestAccount;
let secret: string;

beforeAll(async () => {
  if (!isConfigured) return;
  databaseName = await createPostgresTestDatabase(TEST_DATABASE_URL!);
  const databaseUrl = withDatabase(TEST_DATABASE_URL!, databaseName);
  // The app secret is generated once and kept in the database: the instances open the sealed key with it.
  const setup = await createTestApp({
    database: await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 }),
    env: { ...GATEWAY_TEST_ENV, PUBLIC_URL },
  });
  account = await createAccount(setup.app, setup.database.db);
  ({ secret } = await enrolTotp(setup.app, account.headers.authorization!.replace('Bearer ', '')));
  await setup.close();

  const env = {
    ...GATEWAY_TEST_ENV,
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL!,
    REDIS_KEY_PREFIX: redis.prefix,
    PUBLIC_URL,
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 180_000);

afterAll(async () => {
  if (!isConfigured) return;
  await Promise.all(servers.map((server) => server.stop()));
  await redis.clean();
  if (databaseName) await dropPostgresTestDatabase(TEST_DATABASE_URL!, databaseName);
});

async function post(server: ServerProcess, path: string, body: object) {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function challenge(server: ServerProcess): Promise<string> {
  const login = await post(server, '/auth/login', { email: account.email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return (login.body.challenge as { session: string }).session;
}

describe.skipIf(!isConfigured)('the authenticator app on two instances', () => {
  it('checks at most 5 of 50 wrong codes split between them, then refuses even the right code', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const session = await challenge(first);
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(index % 2 ? second : first, '/auth/login/challenge', { session, method: 'totp', code: wrong }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 'CodeMismatch').length).toBeLessThanOrEqual(5);
    expect(codes.every((code) => code === 'CodeMismatch' || code === 'ChallengeSessionInvalid')).toBe(true);
    const right = await post(second, '/auth/login/challenge', {
      session,
      method: 'totp',
      code: totpCode(secret),
    });
    expect(right.body.code).toBe('ChallengeSessionInvalid');
  }, 60_000);

  it('accepts one right code once when both instances receive it at the same moment', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const sessions = [
      await challenge(first),
      await challenge(second),
      await challenge(first),
      await challenge(second),
    ];
    // The next step's code (within the tolerance): the current step's may be the enrolment's, already spent.
    const code = totpCode(secret, Date.now() + 30_000);
    const answers = await Promise.all(
      sessions.map((session, index) =>
        post(index % 2 ? second : first, '/auth/login/challenge', { session, method: 'totp', code }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 'CodeMismatch')).toHaveLength(3);
  }, 60_000);
});
