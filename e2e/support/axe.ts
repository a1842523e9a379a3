import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/** Issue 14 item 8: WCAG 2.1 A and AA; a serious or critical violation fails the page. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical violations on the page as it is now, one readable line per element; `exclude`
 * (a CSS selector) leaves repeated parts of a long page out of the scan.
 */
export async function seriousViolations(
  page: Page,
  label: string,
  { exclude }: { exclude?: string } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  // Only the violations come back in full: much faster than axe's default report of every pass.
  const { violations } = await builder
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const why = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        return `${label} — ${violation.impact} ${violation.id} (${violation.help}): ${node.target.join(' ')} ${why}`;
      }),
    );
}

/**
 * A screenshot (the whole page unless `fullPage: false`) attached to the report and, when SHOTS_DIR is set,
 * saved there as `name.png`.
 */
export async function takeScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  const body = await page.screenshot({ fullPage, animations: 'disabled' });
  await testInfo.attach(name, { body, contentType: 'image/png' });
  const directory = process.env.SHOTS_DIR;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, `${name}.png`), body);
}

/** True when the page is wider than the window: something a phone user would have to scroll sideways. */
export function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

export const LANGUAGES = ['pt-BR', 'en'] as const;
/** A page's first render; generous, as lazy screens on a loaded 2-core machine can take well over 10 s. */
export const LOADED = { timeout: 30_000 };
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
