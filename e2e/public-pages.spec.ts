import { PUBLIC_PAGES } from '@cotacep/shared/site-pages';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  DESKTOP,
  hasHorizontalOverflow,
  LANGUAGES,
  LOADED,
  PHONE,
  seriousViolations,
  takeScreenshot,
} from './support/axe.ts';

/**
 * Issue 14 item 8 on every public page (the sitemap's list), in both languages: axe finds nothing serious
 * or critical at 1280 px nor at 390 px, nothing is wider than a 390 px phone, and a full-page screenshot
 * of each is attached (and saved under SHOTS_DIR when set). One browser context per language.
 */
/**
 * The long API references are photographed as the window shows them, and axe reads the first three operations
 * of each group: their look is one operation repeated, and the whole of the portal's (ninety operations,
 * 13,000 elements) took axe 25 s on an idle machine and over two minutes on CI's, twice per width.
 */
const LONG_PAGES = new Set(['/docs/quotes', '/docs/portal']);
const REPEATED_OPERATIONS = 'article ~ article ~ article ~ article';

const fileName = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'));

for (const language of LANGUAGES) {
  test.describe(`public pages, ${language}`, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ locale: language, viewport: DESKTOP, reducedMotion: 'reduce' });
      page = await context.newPage();
    });
    test.afterAll(() => context.close());

    for (const path of PUBLIC_PAGES) {
      test(path, async () => {
        const testInfo = test.info();
        // A few seconds each; the margin is for a loaded machine (two scans and two full-page shots).
        test.setTimeout(120_000);
        await page.setViewportSize(DESKTOP);
        const response = await page.goto(`${path}?lng=${language}`);
        if (response?.status() === 404)
          testInfo.annotations.push({ type: 'missing page', description: path });
        await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible(LOADED);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        // The cookie banner is part of the first visit: scanned there, then accepted.
        const banner = page.getByRole('region', { name: /^(Aviso de cookies|Cookie notice)$/ });
        const scan = LONG_PAGES.has(path) ? { exclude: REPEATED_OPERATIONS } : {};
        const violations = await seriousViolations(page, `${path} ${language} 1280 px`, scan);
        const name = `public-${fileName(path)}-${language}`;
        await takeScreenshot(page, testInfo, `${name}-1280`, { fullPage: !LONG_PAGES.has(path) });

        await page.setViewportSize(PHONE);
        violations.push(...(await seriousViolations(page, `${path} ${language} 390 px`, scan)));
        expect.soft(await hasHorizontalOverflow(page), `${path} is wider than 390 px`).toBe(false);
        await takeScreenshot(page, testInfo, `${name}-390`, { fullPage: !LONG_PAGES.has(path) });
        if (await banner.isVisible()) await banner.getByRole('button').click();

        expect(violations, violations.join('\n')).toEqual([]);
      });
    }
  });
}
