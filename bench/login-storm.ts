/**
 * A login storm against the limits (issue 15, Deliver item 5): ACCOUNTS accounts made through the real
 * sign-up and confirmation routes, then CONNECTIONS concurrent logins. Half are their owners logging in
 * with the right password, from USER_ADDRESSES client addresses; the other half an attacker's, from
 * ATTACKER_ADDRESSES: wrong passwords on TARGETED accounts and unknown e-mails. The server trusts the
 * loopback proxy, as it trusts its reverse proxy in production, so each request's address is its
 * x-forwarded-for. The per-IP limit and the per-account lockout keep their production defaults; only the
 * CAPTCHA is off. Prints requests/s, p50/p95/p99 and the status mix against the targets: no 5xx, no
 * timeouts, every refusal a 401 or 429 with the error envelope, and p99 within what queueing behind the
 * password hash explains (P99_FACTOR).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type ServerProcess, startServer } from '../apps/server/src/test/server-process.ts';
import { machineLine, ms, type Percentiles, percentiles, verdict, withinSeconds } from './latencies.ts';

export const LOGIN_STORM_BENCH = 'login storm (per-IP and per-account limits on)';

const ACCOUNTS = 20;
const CONNECTIONS = 20;
const USER_ADDRESSES = 16;
const ATTACKER_ADDRESSES = 2;
/** The accounts the attacker's wrong passwords go to (the first ones made). */
const TARGETED = 2;
const DURATION_S = Number(process.env.BENCH_LOAD_DURATION ?? 20);
const PASSWORD = 'bench storm password';
/** The storm's requests, in a repeating pattern: half right passwords, a quarter wrong, a quarter unknown e-mails. */
const PATTERN = ['right', 'right', 'wrong', 'unknown'] as const;
/**
 * argon2id (19 MiB, 2 passes) is nearly all of a login's cost and runs on libuv's pool (4 threads) over the
 * cores, so at most min(cores, 4) verify at once: with every connection in flight waiting on a hash, the
 * last one waits CONNECTIONS / min(cores, 4) hash times. On 2 cores, 20 connections: 10× one login.
 */
const P99_FACTOR = CONNECTIONS / Math.min(os.availableParallelism(), 4);
const REFUSALS = new Set([401, 429]);

const post = (url: string, address: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });

/** The sign-up code from the development mailbox (the e-mail is sent after the answer). */
async function readSignupCode(baseUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    const code = messages.map((message) => /(?:^|\n)(\d{6})\r?\n/.exec(message.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sign-up code for ${email} within 30 s`);
}

/** An account made as a person makes one: sign-up, then the e-mailed code; from its own address. */
async function createAccount(baseUrl: string, email: string, address: string): Promise<string> {
  const signup = await post(`${baseUrl}/api/auth/signup`, address, {
    firstName: 'Bench',
    lastName: 'Storm',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const code = await readSignupCode(baseUrl, email);
  const confirm = await post(`${baseUrl}/api/auth/signup/confirm`, address, { email, code });
  if (!confirm.ok) throw new Error(`confirmation answered ${confirm.status}: ${await confirm.text()}`);
  return email;
}

function createAccounts(baseUrl: string): Promise<string[]> {
  const run = Date.now().toString(36);
  const indexes = Array.from({ length: ACCOUNTS }, (_, index) => index);
  return Promise.all(
    indexes.map((index) =>
      createAccount(baseUrl, `storm.${index}.${run}@example.com`, `10.1.0.${index + 1}`),
    ),
  );
}

/** One login at a time, before the storm: the median of 10 after 3 unmeasured. */
async function measureSingleLogin(baseUrl: string, emails: string[]): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < 13; index++) {
    const started = performance.now();
    const response = await post(`${baseUrl}/api/auth/login`, '10.2.0.1', {
      email: emails[index % emails.length],
      password: PASSWORD,
    });
    if (!response.ok) throw new Error(`single login answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    if (index >= 3) times.push(performance.now() - started);
  }
  return percentiles(times).p50;
}

/** The error envelope's code (decision 003: `{ code, message, … }`), or undefined when the body is not one. */
function errorCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (typeof parsed.code === 'string' && typeof parsed.message === 'string') return parsed.code;
  } catch {
    // not JSON: no envelope
  }
  return undefined;
}

type Storm = {
  run: autocannon.Result;
  byStatus: Map<number, number[]>;
  /** `status code` (the envelope's code) → answers. */
  outcomes: Map<string, number>;
  /** Refusals other than a 401 or 429 carrying the error envelope. */
  badRefusals: number;
};

async function storm(baseUrl: string, emails: string[]): Promise<Storm> {
  const byStatus = new Map<number, number[]>();
  const outcomes = new Map<string, number>();
  let badRefusals = 0;
  let sent = 0;
  /** The body and client address of the storm's request number `index`. */
  const requestFor = (index: number) => {
    const kind = PATTERN[index % PATTERN.length]!;
    const round = Math.floor(index / PATTERN.length);
    if (kind === 'right') {
      // The owners' logins, numbered 0, 1, 2… across rounds: each account and address in turn.
      const login = round * 2 + (index % PATTERN.length);
      const address = `10.0.1.${(login % USER_ADDRESSES) + 1}`;
      return { address, body: { email: emails[login % emails.length], password: PASSWORD } };
    }
    const address = `10.0.2.${(round % ATTACKER_ADDRESSES) + 1}`;
    if (kind === 'unknown')
      return { address, body: { email: `nobody.${index}@example.com`, password: PASSWORD } };
    return { address, body: { email: emails[round % TARGETED], password: `wrong ${round}` } };
  };
  const run = await autocannon({
    url: `${baseUrl}/api/auth/login`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { address, body } = requestFor(sent++);
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify(body),
          };
        },
        onResponse: (status, body) => {
          const outcome = status === 200 ? '200' : `${status} ${errorCode(body) ?? 'without an envelope'}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          if (status !== 200 && (!REFUSALS.has(status) || !errorCode(body))) badRefusals++;
        },
      },
    ],
    setupClient: (client) => {
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        const times = byStatus.get(status) ?? [];
        times.push(responseTime);
        byStatus.set(status, times);
      });
    },
  });
  return { run, byStatus, outcomes, badRefusals };
}

function printStorm({ run, byStatus, outcomes, badRefusals }: Storm, singleLogin: number) {
  const all = percentiles([...byStatus.values()].flat());
  const row = (label: string, figures: Percentiles) =>
    console.log(
      `  ${label.padEnd(26)} ${String(figures.count).padStart(7)} ${ms(figures.p50).padStart(8)}` +
        ` ${ms(figures.p95).padStart(8)} ${ms(figures.p99).padStart(8)}`,
    );
  console.log(
    `  ${'answers'.padEnd(26)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}` +
      ` ${'p99 ms'.padStart(8)}`,
  );
  row(`all (${(all.count / run.duration).toFixed(0)} req/s)`, all);
  for (const [status, times] of [...byStatus].sort(([a], [b]) => a - b))
    row(String(status), percentiles(times));
  const mix = [...outcomes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ×${count}`);
  console.log(`  status mix: ${mix.join(', ')}`);
  const serverErrors = [...byStatus]
    .filter(([status]) => status >= 500)
    .reduce((sum, [, t]) => sum + t.length, 0);
  const p99Target = P99_FACTOR * singleLogin;
  console.log(`  5xx ${serverErrors}, target 0: ${verdict(serverErrors === 0)}`);
  // autocannon counts a timeout (no answer within 10 s) as an error too; timed-out requests have no latency.
  console.log(
    `  timeouts (10 s) ${run.timeouts}, other connection errors ${run.errors - run.timeouts}, target 0:` +
      ` ${verdict(run.errors === 0)}`,
  );
  console.log(
    `  p99 ${ms(all.p99)} ms, target ≤ ${P99_FACTOR}× one login (${ms(singleLogin)} ms) = ${ms(p99Target)} ms:` +
      ` ${verdict(all.p99 <= p99Target)}`,
  );
  console.log(
    `  refusals that are not a 401/429 with the error envelope ${badRefusals}, target 0: ${verdict(badRefusals === 0)}`,
  );
  return serverErrors + run.errors + badRefusals;
}

export async function runLoginStormBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-bench-storm-'));
  let server: ServerProcess | undefined;
  try {
    // Loopback is the trusted proxy: each request's client address is its x-forwarded-for.
    server = await startServer({ DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'off', TRUST_PROXY: '127.0.0.1' });
    const baseUrl = server.url;
    const failures = await withinSeconds(60, LOGIN_STORM_BENCH, async () => {
      const emails = await createAccounts(baseUrl);
      const singleLogin = await measureSingleLogin(baseUrl, emails);
      const result = await storm(baseUrl, emails);
      console.log(
        `\n${LOGIN_STORM_BENCH}: ${CONNECTIONS} connections for ${DURATION_S} s, ${ACCOUNTS} accounts made through` +
          ` sign-up; half their owners' logins from ${USER_ADDRESSES} addresses, half an attacker's from` +
          ` ${ATTACKER_ADDRESSES} (wrong passwords on ${TARGETED} accounts, unknown e-mails);` +
          ` ${machineLine()}`,
      );
      return printStorm(result, singleLogin);
    });
    // Reported, and the bench exits with 1, after the other parts have run.
    if (failures > 0) {
      console.error(`${LOGIN_STORM_BENCH}: ${failures} answers broke a correctness target`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
