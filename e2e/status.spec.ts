import { expect, type Locator, type Page, test } from '@playwright/test';

type Status = { status: 'ok' | 'degraded'; sources: { name: string; isStale: boolean }[] };

// The e2e server runs with NODE_ENV=test, where live ingest is off: the quotes sources have no fresh data
// and the CEP providers have never been asked, so its real /api/status is degraded. Nothing is intercepted.
test.beforeAll(async ({ request }) => {
  const status = (await (await request.get('/api/status')).json()) as Status;
  expect(status.status).toBe('degraded');
  expect(status.sources.some((source) => source.isStale)).toBe(true);
});

test('/status shows the headline and both APIs with their sources, in pt-BR and English', async ({
  page,
}) => {
  await page.goto('/status');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status dos serviços');
  await expect(page).toHaveTitle('Status dos serviços · Cotacep');
  await expect(page.getByText('Há serviços fora do ar', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  const quotes = page.getByRole('region', { name: 'API de cotações' });
  await expect(quotes.getByRole('article', { name: 'Banco Central do Brasil — PTAX' })).toContainText(
    'fechado (normal)',
  );
  const cep = page.getByRole('region', { name: 'API de CEP' });
  await expect(cep.getByRole('article', { name: 'ViaCEP' })).toBeVisible();
  // The page is the full story: no banner pointing at it.
  await expect(page.getByRole('status', { name: 'Aviso de status' })).toHaveCount(0);

  await page.goto('/status?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service status');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Some services are down', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quotes API' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'CEP API' }).getByRole('article', { name: 'BrasilAPI' }),
  ).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/status\?lng=en$/);
});

test('the banner shows on other pages while sources are stale and leads to /status', async ({ page }) => {
  await page.goto('/pricing');
  const banner = page.getByRole('status', { name: 'Aviso de status' });
  // It appears once the page's own status request answers (polled every minute after that).
  await expect(banner).toContainText('Alguns dados estão desatualizados ou indisponíveis', {
    timeout: 20_000,
  });
  await banner.getByRole('link', { name: 'ver status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status dos serviços');
  await expect(banner).toHaveCount(0);

  await page.goto('/faq');
  await page
    .getByRole('status', { name: 'Aviso de status' })
    .getByRole('button', { name: 'Fechar aviso de status' })
    .click();
  await expect(page.getByRole('status', { name: 'Aviso de status' })).toHaveCount(0);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Aviso de status' })).toHaveCount(0);
});

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

for (const [path, viewport] of [
  ['/', { width: 390, height: 844 }],
  ['/pricing', { width: 1280, height: 800 }],
  ['/quick-start', { width: 390, height: 844 }],
] as const) {
  test(`the banner moves nothing already on screen when it appears on ${path} at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await expect(page.getByRole('status', { name: 'Aviso de status' })).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(1_000);
    expect(await sumLayoutShifts(page)).toBeLessThan(0.01);
  });
}

test('the banner floats above the cookie notice, hides neither it nor the footer, and drops down once cookies are accepted', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const banner = page.getByRole('status', { name: 'Aviso de status' });
  const cookies = page.getByRole('region', { name: 'Aviso de cookies' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  const bottomOf = async (element: Locator) => {
    const box = await element.boundingBox();
    return box ? box.y + box.height : Number.NaN;
  };
  const topOf = async (element: Locator) => (await element.boundingBox())?.y ?? Number.NaN;
  // Once its short rise is over, it sits wholly above the cookie notice.
  await expect.poll(async () => (await topOf(cookies)) - (await bottomOf(banner))).toBeGreaterThanOrEqual(8);
  expect(await topOf(banner)).toBeGreaterThan(844 / 2);

  // At the end of the page there is room for both: the footer's last line is above them.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = page.getByRole('contentinfo');
  await expect.poll(async () => (await topOf(banner)) - (await bottomOf(footer))).toBeGreaterThanOrEqual(0);

  await cookies.getByRole('button', { name: 'Aceitar' }).click();
  await expect(cookies).toHaveCount(0);
  await expect.poll(() => bottomOf(banner)).toBeGreaterThan(844 - 40);
  await expect.poll(async () => (await topOf(banner)) - (await bottomOf(footer))).toBeGreaterThanOrEqual(0);
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
