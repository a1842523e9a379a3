/**
 * The front end's figures (issue 14 item 7, issue 29; decisions 016, 039): the built app served by the real
 * server, the landing loaded in headless Chromium with a cold cache, the bytes that crossed the wire by kind
 * (brotli and gzip), then Lighthouse's mobile profile on `/`, `/pricing`, `/quick-start` and `/docs`:
 * performance, accessibility and SEO, LCP, TBT, CLS and the JS blocking the first paint, each the median of
 * the runs and next to its target, every run printed with the machine's load average as it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain .mjs helper of the scripts, shared with the e2e runner.
import { buildWebIfNeeded } from '../scripts/web-build.mjs';
import { type LighthouseRun, runLighthouse } from './front-end-lighthouse.ts';
import { type Encoding, measureTransfer, type Transfer } from './front-end-transfer.ts';
import { waitFor } from './wait-for.ts';

export const FRONT_END_BENCH = 'front end (landing bytes, Lighthouse)';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KB = 1024;
/** The budgets: the landing's JS until the network is idle (issue 29) and everything it transfers (issue 14). */
const JS_UNTIL_IDLE_TARGET = 120 * KB;
const TOTAL_TARGET = 350 * KB;
const LIGHTHOUSE_PAGES = ['/', '/pricing', '/quick-start', '/docs'];
/** Lighthouse runs per page; the median is printed (scores move by several points between runs). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** BENCH_WEB_DIST=<dir>: measure that build (say, an alternative built with `vite build --outDir`) as it is. */
const WEB_DIST = process.env.BENCH_WEB_DIST;
/** The site's default language, so the figures are those of the page most visitors get. */
const LANGUAGE = 'pt-BR';
const BROWSER = { chromiumPath: CHROMIUM, language: LANGUAGE };

type PageFigures = { runs: LighthouseRun[]; median: LighthouseRun };

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Each figure's median over the runs (each on its own: the median run of one is not that of another). */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const of = (key: Exclude<keyof LighthouseRun, 'failing'>) => median(runs.map((run) => run[key]));
  const performance = of('performance');
  return {
    performance,
    accessibility: of('accessibility'),
    seo: of('seo'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    renderBlockingJs: of('renderBlockingJs'),
    loadAverage: of('loadAverage'),
    failing: runs.find((run) => run.performance === performance)?.failing ?? [],
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const percent = (value: number) => `${Math.round(value * 100)}%`;
const meets = (isMet: boolean) => (isMet ? 'ok' : 'MISSED');

/** One figure next to its target and whether it meets it. */
function printRow(name: string, value: string, target?: { text: string; isMet: boolean; ratio?: number }) {
  console.log(
    name.padEnd(50),
    value.padStart(10),
    (target?.text ?? '').padStart(10),
    (target?.ratio === undefined ? '' : percent(target.ratio)).padStart(6),
    (target ? meets(target.isMet) : '').padStart(7),
  );
}

function describeRun(run: LighthouseRun): string {
  return (
    `performance ${run.performance}, accessibility ${run.accessibility}, SEO ${run.seo}, FCP ${seconds(run.fcp)},` +
    ` LCP ${seconds(run.lcp)}, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)},` +
    ` render-blocking JS ${run.renderBlockingJs} B; load average ${run.loadAverage.toFixed(2)}`
  );
}

function printTransfers(transfers: Record<Encoding, Transfer>) {
  for (const encoding of ['gzip', 'br'] as const) {
    const transfer = transfers[encoding];
    printRow(`landing JS until the network is idle (${encoding})`, kb(transfer.jsUntilIdle), {
      text: `≤ ${kb(JS_UNTIL_IDLE_TARGET)}`,
      isMet: transfer.jsUntilIdle <= JS_UNTIL_IDLE_TARGET,
      ratio: transfer.jsUntilIdle / JS_UNTIL_IDLE_TARGET,
    });
    printRow(`  of which requested before the load event`, kb(transfer.initialJs));
    printRow(`landing CSS (${encoding})`, kb(transfer.css));
    printRow(`landing total transferred (${encoding})`, kb(transfer.total), {
      text: `≤ ${kb(TOTAL_TARGET)}`,
      isMet: transfer.total <= TOTAL_TARGET,
      ratio: transfer.total / TOTAL_TARGET,
    });
    printRow(`  of which after the load event, of ${transfer.requests} requests`, kb(transfer.afterLoad));
  }
}

function printPage(page: string, { median: run }: PageFigures) {
  printRow(`${page} Lighthouse performance`, String(run.performance), {
    text: '≥ 95',
    isMet: run.performance >= 95,
    ratio: run.performance / 95,
  });
  printRow(`${page} LCP`, seconds(run.lcp), { text: '≤ 2.00 s', isMet: run.lcp <= 2000 });
  printRow(`${page} TBT`, `${Math.round(run.tbt)} ms`, { text: '≤ 150 ms', isMet: run.tbt <= 150 });
  printRow(`${page} CLS`, run.cls.toFixed(3), { text: '0', isMet: run.cls < 0.0005 });
  printRow(`${page} render-blocking JS before the first paint`, `${run.renderBlockingJs} B`, {
    text: '0 B',
    isMet: run.renderBlockingJs === 0,
  });
  printRow(`${page} Lighthouse accessibility`, String(run.accessibility), {
    text: '100',
    isMet: run.accessibility === 100,
  });
  printRow(`${page} Lighthouse SEO`, String(run.seo), { text: '≥ 95', isMet: run.seo >= 95 });
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SERVE_WEB: 'true',
      ...(WEB_DIST ? { WEB_DIST_DIR: path.resolve(WEB_DIST) } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function runFrontEndBench(): Promise<void> {
  if (!WEB_DIST) buildWebIfNeeded();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cotacep-bench-web-'));
  const port = await findFreePort();
  const server = startServer(port, dataDir);
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/readyz`, 300_000);
    const loadBefore = os.loadavg()[0] ?? 0;
    const transfers = {
      br: await measureTransfer(`${origin}/`, 'br', BROWSER),
      gzip: await measureTransfer(`${origin}/`, 'gzip', BROWSER),
    };
    const figures: [string, PageFigures][] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const runs: LighthouseRun[] = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
        runs.push(await runLighthouse(`${origin}${page}`, BROWSER));
        console.log(`${page} run ${run}/${LIGHTHOUSE_RUNS}: ${describeRun(runs.at(-1) as LighthouseRun)}`);
      }
      figures.push([page, { runs, median: medianRun(runs) }]);
    }

    console.log(
      `\nfront end: the built app from the real server, landing in Chromium (${LANGUAGE}, cold cache, 390 px);` +
        ` bytes on the wire, headers included (load average ${loadBefore.toFixed(2)});` +
        ` Lighthouse mobile profile, median of ${LIGHTHOUSE_RUNS} runs per page (each run's load average above)\n`,
    );
    console.log(
      'figure'.padEnd(50),
      'value'.padStart(10),
      'target'.padStart(10),
      'ratio'.padStart(6),
      ''.padStart(7),
    );
    printTransfers(transfers);
    for (const [page, pageFigures] of figures) printPage(page, pageFigures);
    for (const [page, { median: run }] of figures) {
      console.log(`\n${page} (median): ${describeRun(run)}`);
      if (run.failing.length > 0) console.log(`  audits below 90: ${run.failing.join('; ')}`);
    }
  } finally {
    server.kill('SIGTERM');
    await (server.exitCode ?? once(server, 'exit'));
    await rm(dataDir, { recursive: true, force: true });
  }
}
