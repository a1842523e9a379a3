/**
 * `npm run bench`: the public API's hot paths under autocannon (50 connections) next to a bare Fastify
 * hello-world measured in the same run, printing req/s, p99 and the ratio to the baseline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type BenchScenario, prepareScenarios } from './scenarios.ts';

const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

type Result = {
  name: string;
  requestsPerSecond: number;
  p99: number;
  /** Server CPU time (user + system) per answered request: steadier than req/s on a shared machine. */
  cpuMicrosPerRequest: number;
  non2xx: number;
  errors: number;
};

/** CPU time a process has used so far, in microseconds, from /proc (Linux clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function measure(
  name: string,
  url: string,
  server: ChildProcess,
  headers: Record<string, string> = {},
): Promise<Result> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const cpuBefore = cpuMicros(server.pid!);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    cpuMicrosPerRequest: (cpuMicros(server.pid!) - cpuBefore) / result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-bench-'));
  const baselinePort = '3901';
  const serverPort = '3902';
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: serverPort,
    HOST: '127.0.0.1',
    SERVE_WEB: 'false',
  };
  const children: ChildProcess[] = [];
  try {
    const baselineServer = start(['bench/baseline-server.mjs'], { PORT: baselinePort });
    children.push(baselineServer);
    await waitFor(`http://127.0.0.1:${baselinePort}/`);
    // BENCH_ONLY=<text>: only the scenarios whose name contains it (with the baseline).
    const only = process.env.BENCH_ONLY;
    const scenarios = (await prepareScenarios({ root, env })).filter(
      (scenario) => !only || scenario.name.includes(only),
    );
    // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_CPU_PROFILE;
    const server = start(
      [
        ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
        '--import',
        'tsx',
        'apps/server/src/server.ts',
      ],
      { ...env, ...scenarioEnv(scenarios) },
    );
    children.push(server);
    await waitFor(`http://127.0.0.1:${serverPort}/readyz`);

    const baseline = await measure(
      'baseline: bare Fastify hello-world',
      `http://127.0.0.1:${baselinePort}/`,
      baselineServer,
    );
    const results = [baseline];
    for (const scenario of scenarios) {
      await scenario.beforeMeasure?.(`http://127.0.0.1:${serverPort}`);
      results.push(
        await measure(
          scenario.name,
          `http://127.0.0.1:${serverPort}${scenario.path}`,
          server,
          scenario.headers,
        ),
      );
    }
    printTable(results, baseline);
    for (const scenario of scenarios) await scenario.afterMeasure?.(`http://127.0.0.1:${serverPort}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    // Until they have exited: a profiled server writes its profile on the way out.
    await Promise.all(children.map((child) => child.exitCode ?? once(child, 'exit')));
    await rm(dataDir, { recursive: true, force: true });
  }
}

function scenarioEnv(scenarios: BenchScenario[]): Record<string, string> {
  return Object.assign({}, ...scenarios.map((scenario) => scenario.env ?? {}));
}

function printTable(results: Result[], baseline: Result) {
  console.log(
    `\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s per scenario, ${os.cpus().length} cores\n`,
  );
  console.log(
    'scenario'.padEnd(48),
    'req/s'.padStart(10),
    'p99 ms'.padStart(8),
    'ratio'.padStart(7),
    'CPU µs/req'.padStart(11),
    'non-2xx'.padStart(8),
  );
  for (const r of results) {
    const ratio = `${Math.round((r.requestsPerSecond / baseline.requestsPerSecond) * 100)}%`;
    console.log(
      r.name.padEnd(48),
      r.requestsPerSecond.toFixed(0).padStart(10),
      String(r.p99).padStart(8),
      ratio.padStart(7),
      r.cpuMicrosPerRequest.toFixed(1).padStart(11),
      String(r.non2xx + r.errors).padStart(8),
    );
  }
}

await main();
