import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** One Lighthouse run of one page (the default mobile profile), with the machine's load as it started. */
export type LighthouseRun = {
  performance: number;
  accessibility: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes of scripts Lighthouse found blocking the first paint (render-blocking resources). */
  renderBlockingJs: number;
  /** The one-minute load average when the run started. */
  loadAverage: number;
  failing: string[];
};

type AuditDetails = { items?: { url?: string; totalBytes?: number }[] };

const ATTEMPTS = 2;

/** Lighthouse's default (mobile) profile: performance, accessibility and SEO, and the metrics behind them. */
export async function runLighthouse(
  url: string,
  browser: { chromiumPath: string; language: string },
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, browser);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`  (run again: ${(error as Error).message})`);
    }
  }
}

async function runLighthouseOnce(
  url: string,
  { chromiumPath, language }: { chromiumPath: string; language: string },
): Promise<LighthouseRun> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', `--lang=${language}`],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      // The language's own page: Lighthouse's browser asks for en-US, and the bare address then serves the
      // English page, whose canonical is its `?lng=en` address (decision 039).
      extraHeaders: { 'Accept-Language': language },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // A run that failed (Chromium's first start, say) has no figures: it is run again, not counted as zeros.
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const blocking = (audits['render-blocking-resources']?.details as AuditDetails | undefined)?.items ?? [];
    const failing = Object.values(audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .filter((audit) => audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      renderBlockingJs: blocking
        .filter((item) => /\.m?js(\?|$)/.test(item.url ?? ''))
        .reduce((sum, item) => sum + (item.totalBytes ?? 0), 0),
      loadAverage,
      failing,
    };
  } finally {
    chrome.kill();
  }
}
