/**
 * The front end's figures (issue 14, item 7; decision 016): the built app served by the real server, the
 * landing loaded in headless Chromium with a cold cache, the bytes that crossed the wire by kind (brotli and
 * gzip), then Lighthouse's mobile profile on `/`, `/pricing` and `/quick-start`: performance and
 * accessibility scores, each next to its target.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
// @ts-expect-error: a plain .mjs helper of the scripts, shared with the e2e runner.
import { buildWebIfNeeded } from '../scripts/web-build.mjs';
import { waitFor } from './wait-for.ts';

export const FRONT_END_BENCH = 'front end (landing bytes, Lighthouse)';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KB = 1024;
/** The issue's budgets: initial JS of the landing (gzip) and everything it transfers. */
const INITIAL_JS_TARGET = 170 * KB;
const TOTAL_TARGET = 350 * KB;
const SCORE_TARGET = 95;
const LIGHTHOUSE_PAGES = ['/', '/pricing', '/quick-start'];
/** Lighthouse runs per page; the median is printed (scores move by several points between runs). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_WEB_DIST=<dir>: measure that build (say, an alternative built with `vite build --outDir`) as it is. */
const WEB_DIST = process.env.BENCH_WEB_DIST;
/** The site's default language, so the figures are those of the page most visitors get. */
const LANGUAGE = 'pt-BR';

type Encoding = 'br' | 'gzip';

/** Bytes on the wire (headers included) by kind, and the requests, for one load of the landing. */
type Transfer = { initialJs: number; css: number; total: number; requests: number; afterLoad: number };

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

/**
 * Loads `url` in a fresh context (cold cache) asking for one encoding, and sums what crossed the wire until
 * the network is idle: JS requested before the load event is the initial JS; the rest is counted in total.
 */
async function measureTransfer(url: string, encoding: Encoding): Promise<Transfer> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      locale: LANGUAGE,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'accept-encoding': encoding },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const startedBeforeLoad = new Set<string>();
    let isLoaded = false;
    const transfer: Transfer = { initialJs: 0, css: 0, total: 0, requests: 0, afterLoad: 0 };
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!isLoaded) startedBeforeLoad.add(event.requestId);
    });
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      const bytes = event.encodedDataLength;
      const type = types.get(event.requestId);
      transfer.total += bytes;
      transfer.requests += 1;
      if (type === 'Stylesheet') transfer.css += bytes;
      if (!startedBeforeLoad.has(event.requestId)) transfer.afterLoad += bytes;
      else if (type === 'Script') transfer.initialJs += bytes;
    });
    page.on('load', () => {
      isLoaded = true;
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const heading = await page.getByRole('heading', { level: 1 }).count();
    if (heading === 0) throw new Error(`${url} showed no heading: the landing did not render`);
    return transfer;
  } finally {
    await browser.close();
  }
}

type LighthouseFigures = { performance: number; accessibility: number; metrics: string; failing: string[] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse's default (mobile) profile, performance and accessibility, LIGHTHOUSE_RUNS times. */
async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', `--lang=${LANGUAGE}`],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const metric = (id: string) => audits[id]?.displayValue ?? '?';
      const failing = Object.values(audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        )
        .filter((audit) => audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual')
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      runs.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        metrics:
          `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')},` +
          ` TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
        failing,
      });
    } finally {
      chrome.kill();
    }
  }
  const performance = median(runs.map((run) => run.performance));
  const typical = runs.find((run) => run.performance === performance)!;
  return { ...typical, accessibility: median(runs.map((run) => run.accessibility)) };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const percent = (value: number) => `${Math.round(value * 100)}%`;

/** One figure next to its target: `ratio` is the figure over the target (≤ 100% for sizes, ≥ for scores). */
function printRow(name: string, value: string, target?: { text: string; ratio: number }) {
  console.log(
    name.padEnd(52),
    value.padStart(10),
    (target?.text ?? '').padStart(10),
    (target ? percent(target.ratio) : '').padStart(6),
  );
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
    const transfers = {
      br: await measureTransfer(`${origin}/`, 'br'),
      gzip: await measureTransfer(`${origin}/`, 'gzip'),
    };
    const lighthouseFigures: [string, LighthouseFigures][] = [];
    for (const page of LIGHTHOUSE_PAGES)
      lighthouseFigures.push([page, await runLighthouse(`${origin}${page}`)]);

    console.log(
      `\nfront end: the built app from the real server, landing in Chromium (${LANGUAGE}, cold cache, 390 px);` +
        ` bytes on the wire, headers included; Lighthouse mobile profile, median of ${LIGHTHOUSE_RUNS}\n`,
    );
    console.log('figure'.padEnd(52), 'value'.padStart(10), 'target'.padStart(10), 'ratio'.padStart(6));
    for (const encoding of ['gzip', 'br'] as const) {
      const transfer = transfers[encoding];
      printRow(`landing initial JS (${encoding})`, kb(transfer.initialJs), {
        text: kb(INITIAL_JS_TARGET),
        ratio: transfer.initialJs / INITIAL_JS_TARGET,
      });
      printRow(`landing CSS (${encoding})`, kb(transfer.css));
      printRow(`landing total transferred (${encoding})`, kb(transfer.total), {
        text: kb(TOTAL_TARGET),
        ratio: transfer.total / TOTAL_TARGET,
      });
      printRow(`  of which after the load event, of ${transfer.requests} requests`, kb(transfer.afterLoad));
    }
    for (const [page, figures] of lighthouseFigures) {
      for (const category of ['performance', 'accessibility'] as const) {
        printRow(`Lighthouse ${category} ${page}`, String(figures[category]), {
          text: `≥ ${SCORE_TARGET}`,
          ratio: figures[category] / SCORE_TARGET,
        });
      }
    }
    for (const [page, figures] of lighthouseFigures) {
      console.log(`\n${page}: ${figures.metrics}`);
      if (figures.failing.length > 0) console.log(`  audits below 90: ${figures.failing.join('; ')}`);
    }
  } finally {
    server.kill('SIGTERM');
    await (server.exitCode ?? once(server, 'exit'));
    await rm(dataDir, { recursive: true, force: true });
  }
}
