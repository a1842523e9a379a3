import { PUBLIC_PAGES } from '@cotacep/shared/site-pages';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DESKTOP, LANGUAGES, LOADED, PHONE, takeScreenshot } from './support/axe.ts';

/**
 * Issue 29 (decision 039): every public page, and the not-found page, is prerendered in both languages.
 * Without JavaScript its HTML holds the page's heading and first paragraph in the language asked for, the
 * same as the SPA renders them; with JavaScript its islands hydrate with no mismatch and nothing moves; and
 * its first view looks the same either way, at 1280 and 390 px.
 */
const NOT_FOUND = '/no-such-page';
const PAGES = [...PUBLIC_PAGES, NOT_FOUND];
/**
 * Where a first view differs without the script, by design: the services' live state (a placeholder without
 * it); the contact form's bot-protection widget, shown once the script knows the deployment's provider, which
 * the build cannot (decision 039 says what would remove that small shift); the FAQ's answers, shown open
 * without a script to open them. Their screenshots are saved, not compared.
 */
const SCRIPT_ONLY_PARTS = new Set(['/status', '/contact', '/faq']);
const LAYOUT_SHIFT_ALLOWED: Record<string, number> = { '/contact': 0.01 };

const addressOf = (path: string, language: string) => `${path}?lng=${language}`;
/** Any parameter besides `?lng=` makes the server send the SPA (`modules/web/prerendered-pages.ts`). */
const spaAddressOf = (path: string, language: string) => `${addressOf(path, language)}&spa`;

const heading = (page: Page) => page.locator('main h1').first();
const firstParagraph = (page: Page) => page.locator('xpath=(//main//h1/following::p)[1]');

async function newPage(browser: Browser, language: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ locale: language, javaScriptEnabled, reducedMotion: 'reduce' });
  return context.newPage();
}

for (const language of LANGUAGES) {
  test(`without JavaScript every public page reads in ${language}, as the SPA renders it`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const html = await newPage(browser, language, false);
    const spa = await newPage(browser, language, true);
    for (const path of PAGES) {
      const response = await html.goto(addressOf(path, language));
      expect(response?.status(), path).toBe(path === NOT_FOUND ? 404 : 200);
      await expect(html.locator('html'), path).toHaveAttribute('lang', language);
      await expect(html.locator('#root script'), path).toHaveCount(0);
      const title = (await heading(html).textContent())?.trim() ?? '';
      const paragraph = (await firstParagraph(html).textContent())?.trim() ?? '';
      expect(title, `${path}: no heading`).not.toBe('');
      expect(paragraph, `${path}: no paragraph`).not.toBe('');
      // A folded answer cannot be opened without a script: it is shown open.
      if (path === '/faq') await expect(html.locator('main [role="region"]').first()).toBeVisible();

      await spa.goto(spaAddressOf(path, language));
      await expect(heading(spa), path).toHaveText(title, LOADED);
      await expect(firstParagraph(spa), path).toHaveText(paragraph, LOADED);
    }
    await html.context().close();
    await spa.context().close();
  });

  test(`the languages differ: each page's heading and paragraph are ${language}'s own`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const other = language === 'en' ? 'pt-BR' : 'en';
    const page = await newPage(browser, language, false);
    for (const path of PAGES) {
      await page.goto(addressOf(path, language));
      const own = [await heading(page).textContent(), await firstParagraph(page).textContent()];
      await page.goto(addressOf(path, other));
      const others = [await heading(page).textContent(), await firstParagraph(page).textContent()];
      // The API references' headings are names (CEP, the portal's API), the same in both; their texts are not.
      expect(own, path).not.toEqual(others);
    }
    await page.context().close();
  });

  test(`with JavaScript every island hydrates with no mismatch and nothing moves (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const page = await newPage(browser, language, true);
    const problems: string[] = [];
    page.on('console', (message) => {
      const isDocument404 = message.text().includes('status of 404');
      if (['error', 'warning'].includes(message.type()) && !isDocument404) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    for (const path of PAGES) {
      problems.length = 0;
      await page.goto(addressOf(path, language));
      await expect(heading(page)).toBeVisible();
      // Every island is a hydrated React root: its container carries React's own key.
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                [...document.querySelectorAll('[data-island]')].filter(
                  (island) => !Object.keys(island).some((key) => key.startsWith('__reactContainer')),
                ).length,
            ),
          { message: `${path}: islands not hydrated`, ...LOADED },
        )
        .toBe(0);
      await page.waitForLoadState('networkidle');
      expect(problems, `${path}: ${problems.join('\n')}`).toEqual([]);
      expect(await sumLayoutShifts(page), `${path} moved`).toBeLessThan(LAYOUT_SHIFT_ALLOWED[path] ?? 0.001);
    }
    await page.context().close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`the first view looks the same with and without JavaScript at ${viewport.width} px (${language})`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(300_000);
      const html = await newPage(browser, language, false);
      const app = await newPage(browser, language, true);
      for (const page of [html, app]) await page.setViewportSize(viewport);
      const differences: string[] = [];
      for (const path of PAGES) {
        await html.goto(addressOf(path, language));
        await app.goto(addressOf(path, language));
        await app.waitForLoadState('networkidle');
        const name = `prerendered-${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${language}-${viewport.width}`;
        const without = await html.screenshot({ animations: 'disabled' });
        const withScript = await app.screenshot({ animations: 'disabled' });
        await takeScreenshot(html, testInfo, `${name}-no-js`, { fullPage: false });
        await takeScreenshot(app, testInfo, `${name}-js`, { fullPage: false });
        const share = await differingShare(app, without, withScript);
        if (share > 0 && !SCRIPT_ONLY_PARTS.has(path))
          differences.push(`${path}: ${(share * 100).toFixed(3)}% of pixels`);
      }
      expect(differences).toEqual([]);
      await html.context().close();
      await app.context().close();
    });
  }
}

/** The share of pixels that differ between two screenshots of the same size, compared in the browser. */
function differingShare(page: Page, first: Buffer, second: Buffer): Promise<number> {
  return page.evaluate(
    async ([a, b]) => {
      const pixels = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [one, two] = await Promise.all([pixels(a), pixels(b)]);
      if (one.length !== two.length) return 1;
      let differing = 0;
      for (let index = 0; index < one.length; index += 4) {
        if (
          one[index] !== two[index] ||
          one[index + 1] !== two[index + 1] ||
          one[index + 2] !== two[index + 2]
        )
          differing += 1;
      }
      return differing / (one.length / 4);
    },
    [first.toString('base64'), second.toString('base64')] as const,
  );
}

/** The layout shifts the page has had so far (buffered: since it started loading), none a person caused. */
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
        setTimeout(() => resolve(total), 100);
      }),
  );
}
