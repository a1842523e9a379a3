/**
 * `npm run bench`: the public API's hot paths under autocannon (50 connections) next to a bare Fastify
 * hello-world measured in the same run (interleaved with each scenario), printing req/s, p99 and the ratio;
 * then the usage API's query on a year of usage for 10,000 accounts (`usage-query.ts`); then the front end's
 * bytes and Lighthouse scores (`front-end.ts`; `--front-end` runs that part alone); then the load figures, a
 * login storm (`login-storm.ts`) and the dashboard's reads under API load (`dashboard-under-load.ts`;
 * `--load` runs those two alone).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DASHBOARD_UNDER_LOAD_BENCH, runDashboardUnderLoadBench } from './dashboard-under-load.ts';
import { FRONT_END_BENCH, runFrontEndBench } from './front-end.ts';
import { LOGIN_STORM_BENCH, runLoginStormBench } from './login-storm.ts';
import { type BenchScenario, prepareScenarios } from './scenarios.ts';
import { runUsageQueryBench, USAGE_QUERY_BENCH } from './usage-query.ts';
import { waitFor } from './wait-for.ts';

const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
/** Seconds of load per scenario, and as many again for the baseline interleaved with it. */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Load is applied in slices of this many seconds, alternating between the baseline and the scenario. */
const SLICE_S = 2;
/**
 * Seconds of unmeasured load before each target: V8 keeps optimising a large server's hot path for several
 * seconds (`--trace-opt`: hundreds of functions in the first 5 s, a handful after 10 s), and that compiling
 * runs on the other core, where the load generator is.
 */
const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 5);

/** One target under load: a URL, the headers to send, and the process that answers it. */
type Target = { url: string; headers?: Record<string, string>; server: ChildProcess };

/** What a target did over all its slices. */
type Measured = {
  requests: number;
  seconds: number;
  /** The worst p99 of its slices, in ms. */
  p99: number;
  /** Server CPU time (user + system) used while it was under load, in µs. */
  cpuMicros: number;
  failures: number;
};

type Shape = 'anonymous' | 'keyed';

type Result = {
  name: string;
  /** Which reference route carries this scenario's headers (for the references themselves: their own). */
  shape: Shape;
  scenario: Measured;
  /** The baseline, measured in the slices between this scenario's. */
  baseline: Measured;
};

/** CPU time a process has used so far, in microseconds, from /proc (Linux clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function emptyMeasure(): Measured {
  return { requests: 0, seconds: 0, p99: 0, cpuMicros: 0, failures: 0 };
}

async function slice(target: Target, into: Measured, duration = SLICE_S): Promise<void> {
  const cpuBefore = cpuMicros(target.server.pid!);
  const run = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration,
    headers: target.headers ?? {},
  });
  into.cpuMicros += cpuMicros(target.server.pid!) - cpuBefore;
  into.requests += run.requests.total;
  into.seconds += run.duration;
  into.p99 = Math.max(into.p99, run.latency.p99);
  into.failures += run.non2xx + run.errors + run.timeouts;
}

/**
 * A scenario against the baseline, in alternating slices of SLICE_S seconds: on a shared machine whose speed
 * drifts by tens of percent within a minute, both then see the same conditions.
 */
async function measure(name: string, shape: Shape, scenario: Target, baseline: Target): Promise<Result> {
  await slice(scenario, emptyMeasure(), WARM_UP_S);
  const result: Result = { name, shape, scenario: emptyMeasure(), baseline: emptyMeasure() };
  for (let elapsed = 0; elapsed < DURATION_S; elapsed += SLICE_S) {
    await slice(baseline, result.baseline);
    await slice(scenario, result.scenario);
  }
  return result;
}

/** BENCH_ONLY=<text>: only what has it in its name (the HTTP scenarios with the baseline). */
const only = process.env.BENCH_ONLY;
const isSelected = (name: string) => !only || name.includes(only);
/** `npm run bench -- --front-end`: only the front end's figures (same as BENCH_ONLY=front). */
const isFrontEndOnly = process.argv.includes('--front-end');
/** `npm run bench -- --load`: only the login storm and the dashboard's reads under API load. */
const isLoadOnly = process.argv.includes('--load');

async function main() {
  if (!isFrontEndOnly && !isLoadOnly) {
    await measureHttp();
    if (isSelected(USAGE_QUERY_BENCH)) await runUsageQueryBench();
  }
  if (!isLoadOnly && (isFrontEndOnly || isSelected(FRONT_END_BENCH))) await runFrontEndBench();
  if (isFrontEndOnly) return;
  if (isLoadOnly || isSelected(LOGIN_STORM_BENCH)) await runLoginStormBench();
  if (isLoadOnly || isSelected(DASHBOARD_UNDER_LOAD_BENCH)) await runDashboardUnderLoadBench();
}

async function measureHttp() {
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
    const prepared = await prepareScenarios({ root, env });
    const scenarios = prepared.filter((scenario) => isSelected(scenario.name));
    if (scenarios.length === 0) return;
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
    const serverUrl = `http://127.0.0.1:${serverPort}`;
    await waitFor(`${serverUrl}/readyz`, 60_000);

    const keyHeaders = prepared.find((scenario) => scenario.headers?.['x-api-key'])?.headers ?? {};
    const shapes = {
      anonymous: await answerShape(`${serverUrl}${REFERENCE_PATH}`),
      keyed: await answerShape(`${serverUrl}${REFERENCE_PATH}`, keyHeaders),
    };
    const baselineServer = start(['bench/baseline-server.mjs'], {
      PORT: baselinePort,
      BENCH_REFERENCE_SHAPES: JSON.stringify(shapes),
    });
    children.push(baselineServer);
    await waitFor(`http://127.0.0.1:${baselinePort}/`, 60_000);

    const baseline: Target = { url: `http://127.0.0.1:${baselinePort}/`, server: baselineServer };
    await slice(baseline, emptyMeasure(), WARM_UP_S);
    const references: Result[] = [];
    for (const shape of ['anonymous', 'keyed'] as const) {
      const reference = { url: `http://127.0.0.1:${baselinePort}/${shape}-shape`, server: baselineServer };
      references.push(
        await measure(`reference: hello-world, ${shape} answer's headers`, shape, reference, baseline),
      );
    }
    const results: Result[] = [];
    for (const scenario of scenarios) {
      await scenario.beforeMeasure?.(serverUrl);
      const target = {
        url: `${serverUrl}${scenario.path}`,
        headers: scenario.headers,
        server,
      };
      const shape = scenario.headers?.['x-api-key'] ? 'keyed' : 'anonymous';
      results.push(await measure(scenario.name, shape, target, baseline));
    }
    printTable(references, results);
    const failed = [...references, ...results].filter((result) => result.scenario.failures > 0);
    if (failed.length > 0) {
      const names = failed.map((result) => result.name).join('; ');
      throw new Error(`answers other than 2xx (their figures measure a refusal, not the path): ${names}`);
    }
    for (const scenario of scenarios) await scenario.afterMeasure?.(serverUrl);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    // Until they have exited: a profiled server writes its profile on the way out.
    await Promise.all(children.map((child) => child.exitCode ?? once(child, 'exit')));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The answer the reference routes copy: an anonymous and a keyed quote. */
const REFERENCE_PATH = '/quotes/json/last/USD-BRL';
/** Headers Node writes itself, or (the request id) the reference route makes anew for every answer. */
const PER_ANSWER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-request-id']);

/** The headers and body of one real answer, for a reference route to send back unchanged. */
async function answerShape(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status} for the reference shape`);
  const kept = [...response.headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name));
  return { headers: Object.fromEntries(kept), body: await response.text() };
}

function scenarioEnv(scenarios: BenchScenario[]): Record<string, string> {
  return Object.assign({}, ...scenarios.map((scenario) => scenario.env ?? {}));
}

const perSecond = (m: Measured) => m.requests / m.seconds;
const ratioOf = ({ scenario, baseline }: Result) => perSecond(scenario) / perSecond(baseline);
const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * `ratio` is against the hello-world; `of ref` against the reference route with the same headers, which
 * shows what the server's own work costs apart from the headers every answer must carry (decision 013).
 */
function printTable(references: Result[], scenarios: Result[]) {
  console.log(
    `\nautocannon: ${CONNECTIONS} connections; per scenario ${WARM_UP_S} s of warm-up, then ${DURATION_S} s of` +
      ` load in ${SLICE_S} s slices,` +
      ` alternating with the baseline (a bare Fastify hello-world); ${os.cpus().length} cores\n`,
  );
  console.log(
    'scenario'.padEnd(52),
    'req/s'.padStart(8),
    'p99 ms'.padStart(7),
    'baseline'.padStart(9),
    'ratio'.padStart(6),
    'of ref'.padStart(7),
    'CPU µs/req'.padStart(11),
    'base µs'.padStart(8),
    'failed'.padStart(7),
  );
  const referenceRatio = new Map(references.map((reference) => [reference.shape, ratioOf(reference)]));
  for (const result of [...references, ...scenarios]) {
    const { name, shape, scenario, baseline } = result;
    const cpu = (m: Measured) => (m.cpuMicros / m.requests).toFixed(1);
    const ofReference = references.includes(result)
      ? ''
      : percent(ratioOf(result) / referenceRatio.get(shape)!);
    console.log(
      name.padEnd(52),
      perSecond(scenario).toFixed(0).padStart(8),
      String(scenario.p99).padStart(7),
      perSecond(baseline).toFixed(0).padStart(9),
      percent(ratioOf(result)).padStart(6),
      ofReference.padStart(7),
      cpu(scenario).padStart(11),
      cpu(baseline).padStart(8),
      String(scenario.failures).padStart(7),
    );
  }
}

await main();
