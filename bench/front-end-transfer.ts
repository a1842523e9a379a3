import { chromium } from 'playwright-core';

export type Encoding = 'br' | 'gzip';

/** Bytes on the wire (headers included) by kind, and the requests, for one load of a page. */
export type Transfer = {
  /** JS requested before the load event. */
  initialJs: number;
  /** All the JS until the network is idle (decision 039's budget). */
  jsUntilIdle: number;
  css: number;
  total: number;
  requests: number;
  afterLoad: number;
};

/**
 * Loads `url` in a fresh context (cold cache) asking for one encoding, and sums what crossed the wire until
 * the network is idle (no request for 500 ms): JS requested before the load event is the initial JS, all JS
 * the JS until idle; everything is counted in the total.
 */
export async function measureTransfer(
  url: string,
  encoding: Encoding,
  { chromiumPath, language }: { chromiumPath: string; language: string },
): Promise<Transfer> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      locale: language,
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
    const transfer: Transfer = { initialJs: 0, jsUntilIdle: 0, css: 0, total: 0, requests: 0, afterLoad: 0 };
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
      if (type === 'Script') transfer.jsUntilIdle += bytes;
      if (!startedBeforeLoad.has(event.requestId)) transfer.afterLoad += bytes;
      else if (type === 'Script') transfer.initialJs += bytes;
    });
    page.on('load', () => {
      isLoaded = true;
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const heading = await page.getByRole('heading', { level: 1 }).count();
    if (heading === 0) throw new Error(`${url} showed no heading: the page did not render`);
    return transfer;
  } finally {
    await browser.close();
  }
}
