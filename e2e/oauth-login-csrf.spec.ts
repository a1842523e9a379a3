import { ERRORS } from '@cotacep/shared/errors';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type GithubStandIn, startGithubStandIn } from './support/github.ts';

// Login CSRF through social sign-in (issue 22): someone finishes GitHub's step as themselves and sends the
// `/auth/login#oauthCode=…` link their browser was given; whoever opens it must not be signed in as them.
// The main e2e server signs in with GitHub played by a loopback stand-in (playwright.config.ts).
let github: GithubStandIn;
test.beforeAll(async () => {
  const callbackUrl = `${test.info().project.use.baseURL}/api/auth/oauth/github/callback`;
  github = await startGithubStandIn(Number(process.env.E2E_GITHUB_PORT), callbackUrl);
});
test.afterAll(() => github.close());

const accountMenu = (page: Page, firstName: string) =>
  page.getByRole('banner').getByRole('button', { name: firstName });

const isExchange = (url: string | URL) => new URL(url).pathname === '/api/auth/oauth/exchange';

/** The attacker's browser: the GitHub button, GitHub approves, and the link the callback sends back, kept unused. */
async function attackersLink(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/login');
  // The SPA would redeem the code on arrival; the attacker keeps it to send instead.
  await page.route(isExchange, (route) => route.abort());
  const callback = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/oauth/github/callback',
  );
  const heldBack = page.waitForRequest((request) => isExchange(request.url()));
  await page.locator('main').getByRole('link', { name: 'Entrar com GitHub' }).click();
  const link = (await callback).headers().location ?? '';
  expect(link).toMatch(/\/auth\/login#oauthCode=[\w-]+$/);
  await heldBack;
  // Leaving the page ends the SPA's retries; the browser keeps its cookies.
  await page.goto('about:blank');
  await page.unroute(isExchange);
  return { context, page, link };
}

/** Opens the link in a browser of its own and returns the exchange's answer. */
async function openElsewhere(browser: Browser, link: string, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const exchange = page.waitForResponse((response) => isExchange(response.url()));
  await page.goto(link);
  return { context, page, exchange: await exchange };
}

test('a social sign-in link opened in another browser is refused; in the browser that started it, it signs in', async ({
  browser,
}) => {
  // Three browsers and four page loads of the real SPA: minutes on a loaded 2-core machine.
  test.setTimeout(180_000);
  const stamp = Date.now();
  github.signIn({
    id: stamp % 1_000_000_000,
    login: `eve-${stamp}`,
    name: 'Eve Atacante',
    email: `eve-${stamp}@example.com`,
  });
  const attacker = await attackersLink(browser);

  for (const [locale, language] of [
    ['pt-BR', 'pt-BR'],
    ['en-US', 'en'],
  ] as const) {
    const victim = await openElsewhere(browser, attacker.link, locale);
    expect(victim.exchange.status()).toBe(403);
    const main = victim.page.locator('main');
    await expect(main.getByRole('alert')).toHaveText(ERRORS.OAuthBrowserMismatch[language]);
    // Nobody is signed in there: no account menu, and the code left the address.
    await expect(accountMenu(victim.page, 'Eve')).toHaveCount(0);
    await expect(victim.page).toHaveURL(/\/auth\/login$/);
    await victim.page.goto('/account');
    await expect(victim.page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
    await victim.context.close();
  }

  // The refusals did not spend the code: the browser that started the flow still finishes it.
  const exchange = attacker.page.waitForResponse((response) => isExchange(response.url()));
  await attacker.page.goto(attacker.link);
  expect((await exchange).status()).toBe(200);
  await expect(accountMenu(attacker.page, 'Eve')).toBeVisible();
  await attacker.context.close();
});
