import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';

type Status = {
  status: 'ok' | 'degraded' | 'outage';
  apis: { api: string; state: string; dataAsOf: string | null }[];
};

// The e2e server runs with NODE_ENV=test, where live ingest is off: the quotes API answers from the bundled
// dataset (2026-09-29 00:00 UTC, 28 September in São Paulo), which is stale, and the CEP providers have never
// been asked. Its real /api/status says so. Nothing is intercepted.
test.describe('while the quotes API answers from stale data', () => {
  test.beforeAll(async ({ request }) => {
    const status = (await (await request.get('/api/status')).json()) as Status;
    expect(status.status).toBe('degraded');
    expect(status.apis).toContainEqual({
      api: 'quotes',
      state: 'stale',
      dataAsOf: '2026-09-29T00:00:00.000Z',
    });
  });

  test('/status shows amber with the data’s date, in pt-BR and English, and no internals', async ({
    page,
  }) => {
    await page.goto('/status');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status dos serviços');
    await expect(page).toHaveTitle('Status dos serviços · Cotacep');
    await expect(
      page.getByText('Serviços no ar, alguns com dados desatualizados', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    const quotes = page.getByRole('region', { name: 'API de cotações' });
    await expect(quotes.getByText('Responde com dados de 28 de setembro de 2026.')).toBeVisible();
    await expect(quotes.getByRole('article', { name: 'Banco Central do Brasil — PTAX' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'API de CEP' }).getByRole('article', { name: 'ViaCEP' }),
    ).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/Fora do ar|[Cc]ircuito|npm|currency-api/);
    // The page is the whole story: no banner pointing at it.
    await expect(page.getByRole('status', { name: 'Aviso de status' })).toHaveCount(0);

    await page.goto('/status?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service status');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByText('All services up, some with out-of-date data', { exact: true }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Quotes API' })
        .getByText('Answering with data from September 28, 2026.'),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'CEP API' }).getByRole('article', { name: 'BrasilAPI' }),
    ).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/status\?lng=en$/);
  });

  test('no banner on other pages: stale data is not an outage', async ({ page }) => {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/status'));
    await page.goto('/pricing');
    await answered;
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('status', { name: 'Aviso de status' })).toHaveCount(0);
  });

  test('toasts open below the header, never over it; a public page loads their code with its first toast', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    // Mantine keeps each corner's container in the page (empty until a toast shows) once its code is in: a
    // visitor who sees no toast never loads it (decision 039).
    const corner = page.locator('.mantine-Notifications-root[data-position="top-right"]');
    await expect(corner).toHaveCount(0);

    await page.getByRole('button', { name: 'Fale conosco' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fale conosco sobre o Enterprise' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Ana Souza');
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`toast-${Date.now()}@example.com`);
    await dialog
      .getByRole('textbox', { name: /^Mensagem/ })
      .fill('Quero o Enterprise para 40 milhões de consultas.');
    await dialog.getByRole('button', { name: 'Enviar mensagem' }).click();
    // After the proof of work (ALTCHA, solved in Chromium).
    await expect(
      corner.getByText('Mensagem enviada com sucesso. Responderemos por e-mail em breve.'),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog).toHaveCount(0);
    const header = await page.getByRole('banner').boundingBox();
    const top = await corner.evaluate((element) => element.getBoundingClientRect().top);
    expect(header).not.toBeNull();
    expect(top).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  });

  test('the server writes each public page’s head for link previews, and the footer links to /status', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/faq?lng=en')).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>FAQ · Cotacep</title>');
    expect(html).toMatch(/<meta data-page-meta property="og:locale" content="en_US" \/>/);
    expect(html).toMatch(/<link data-page-meta rel="alternate" hreflang="x-default" href="[^"]+\/faq" \/>/);
    const dashboard = await (await request.get('/dashboard')).text();
    expect(dashboard).toContain('<meta data-page-meta name="robots" content="noindex" />');

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Status dos serviços' }).click();
    await expect(page).toHaveURL(/\/status$/);
    // The app keeps the same tags it was served with: one description, one canonical.
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  });
});

// A real outage needs a server of its own: the whole app without the bundled dataset (and, under
// NODE_ENV=test, without ingest) has no quotes data at all, so its quotes API cannot answer.
test.describe('while the quotes API is down', () => {
  let server: ChildProcess | undefined;
  let dataDir = '';
  let baseURL = '';

  // A server of its own and fresh browser contexts, on machines shared with other work.
  test.slow();

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await findFreePort();
    baseURL = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cotacep-e2e-outage-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'false',
        QUOTES_BUNDLED_DATA: 'off',
      },
    });
    await waitForHealthy(baseURL, 150_000);
    const status = (await (await fetch(`${baseURL}/api/status`)).json()) as Status;
    expect(status.status).toBe('outage');
    expect((await fetch(`${baseURL}/quotes/json/last/USD-BRL`)).status).not.toBe(200);
  });
  test.afterAll(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A first visit: a fresh context, the cookie notice open, in pt-BR. */
  async function firstVisit(browser: Browser, viewport: { width: number; height: number }) {
    const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR' });
    return context.newPage();
  }
  const bannerOf = (page: Page) => page.getByRole('status', { name: 'Aviso de status' });

  test('/status shows it in red, naming the API', async ({ browser }) => {
    const page = await firstVisit(browser, { width: 1280, height: 800 });
    await page.goto('/status');
    await expect(page.getByText('Há serviços fora do ar', { exact: true })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText('API de cotações: fora do ar', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'API de CEP' }).getByText('Operacional')).toBeVisible();
    await page.context().close();
  });

  test('on a phone’s first visit the banner covers none of the sign-up form, and comes after it for the keyboard', async ({
    browser,
  }) => {
    const page = await firstVisit(browser, { width: 390, height: 844 });
    await page.goto('/auth/signup');
    const banner = bannerOf(page);
    await expect(banner).toContainText('A API de cotações está fora do ar', { timeout: 45_000 });
    await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'ver status' })).toHaveAttribute('href', '/status');
    // Readable: its link once had the theme's green on the alert's pink (4.39:1).
    expect(await seriousViolations(page, 'outage banner on /auth/signup 390 px')).toEqual([]);

    // Its box overlaps no field, button or link of the page, nor the header, wherever the page is scrolled.
    const controls = page.locator('main').locator('input, button, a, select, textarea');
    expect(await controls.count()).toBeGreaterThan(4);
    const boxes = [await page.getByRole('banner').boundingBox()];
    for (const control of await controls.all()) boxes.push(await control.boundingBox());
    const own = await banner.boundingBox();
    expect(own).not.toBeNull();
    for (const box of boxes) if (box && own) expect(overlaps(own, box), JSON.stringify(box)).toBe(false);
    for (const scrollY of [0, 400, 100_000]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      const seen = await banner.evaluate((element) => getComputedStyle(element).position);
      expect(seen).not.toBe('fixed');
    }
    // Every field and button of the form can be brought into view with nothing from outside the page's
    // content over it: not the status banner, not the cookie notice, not the header.
    for (const control of await page.locator('main form').locator('input:visible, button:visible').all()) {
      await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const cover = await control.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit?.closest('main') ? null : (hit?.outerHTML.slice(0, 80) ?? 'nothing');
      });
      expect(cover, await control.evaluate((element) => element.outerHTML.slice(0, 80))).toBeNull();
    }

    // In the tab order, after every field of the form.
    const order = await page.evaluate(() => {
      const focusable = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea'),
      ];
      const banner = document.querySelector('[role="status"][aria-label="Aviso de status"]');
      const firstField = document.querySelector('main input');
      return {
        banner: focusable.findIndex((element) => banner?.contains(element)),
        lastField: focusable.findLastIndex((element) => element.closest('main form') !== null),
        firstField: focusable.indexOf(firstField as HTMLElement),
      };
    });
    expect(order.firstField).toBeGreaterThanOrEqual(0);
    expect(order.banner).toBeGreaterThan(order.lastField);
    await page.context().close();
  });

  for (const [pathname, viewport] of [
    ['/', { width: 390, height: 844 }],
    ['/pricing', { width: 1280, height: 800 }],
  ] as const) {
    test(`the banner moves nothing on screen when it appears on ${pathname} at ${viewport.width} px`, async ({
      browser,
    }) => {
      const page = await firstVisit(browser, viewport);
      await page.goto(pathname);
      await expect(bannerOf(page)).toHaveCount(1, { timeout: 45_000 });
      await page.waitForTimeout(1_000);
      expect(await sumLayoutShifts(page)).toBeLessThan(0.01);
      await page.context().close();
    });
  }

  test('the banner leads to /status, and once closed stays closed for the session', async ({ browser }) => {
    const page = await firstVisit(browser, { width: 1280, height: 800 });
    await page.goto('/pricing');
    const banner = bannerOf(page);
    await expect(banner).toContainText('A API de cotações está fora do ar', { timeout: 45_000 });
    await banner.getByRole('link', { name: 'ver status' }).click();
    await expect(page).toHaveURL(/\/status$/);
    await expect(banner).toHaveCount(0);

    await page.goto('/faq');
    await banner.getByRole('button', { name: 'Fechar aviso de status' }).click();
    await expect(banner).toHaveCount(0);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(banner).toHaveCount(0);
    await page.context().close();
  });
});

type Box = { x: number; y: number; width: number; height: number };
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy`);
}

/** The layout shifts the page has had so far (buffered: since it started loading), not counting those a person caused. */
function sumLayoutShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries arrive in the observer's first callback, right after observe().
        setTimeout(() => resolve(total), 100);
      }),
  );
}
