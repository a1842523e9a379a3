import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import type { ServerProcess } from '#server/test/server-process.ts';
import { enrolTotp, totpCode } from '#server/test/totp.ts';
import { hasTwoInstances, setUpTwoInstances } from '#server/test/two-instances.ts';

/**
 * Issue 25: the authenticator's lockout and its single use hold across instances. Two server processes share
 * PostgreSQL and Redis; 50 wrong codes for one challenge, split between them, get at most 5 checked, and
 * one right code sent to both at once signs in once. Skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const PASSWORD = 'gateway test password';
let account: TestAccount;
let secret: string;

const servers = setUpTwoInstances('second-factors', async (app, db) => {
  account = await createAccount(app, db);
  ({ secret } = await enrolTotp(app, account.headers.authorization!.replace('Bearer ', '')));
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

describe.skipIf(!hasTwoInstances)('the authenticator app on two instances', () => {
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
