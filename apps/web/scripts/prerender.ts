/**
 * The prerender (decision 039), the build's last step: every public page and the not-found page in each
 * language, rendered by the SSR build of the app (`dist-ssr/render-page.js`) into the islands' template
 * (`dist/prerendered.html`), with the stylesheets its HTML uses; written to `dist/prerendered/` with the
 * manifest the server reads (`apps/server/src/modules/web/prerendered-pages.ts`).
 *
 *   node --import tsx scripts/prerender.ts     (from apps/web, after both Vite builds and the documents)
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SUPPORTED_LANGUAGES } from '@cotacep/shared/languages';
import { PUBLIC_PAGES } from '@cotacep/shared/site-pages';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssr = path.join(webRoot, 'dist-ssr');
const output = path.join(dist, 'prerendered');

/** Rendered at an address no route has: the catch-all's page. */
const NOT_FOUND_PATH = '/prerendered-not-found';
const NOT_FOUND_FILE = 'not-found';
const API_IDS = ['quotes', 'cep', 'portal'] as const;
const DOCUMENT_PATHS = {
  quotes: '/quotes/openapi.json',
  cep: '/cep/openapi.json',
  portal: '/api/openapi.json',
};

type Renderer = {
  initPrerenderTexts(): Promise<void>;
  renderPage(input: { pathname: string; language: string; documents: unknown }): Promise<string>;
  listRoutePatterns(): string[];
};

const fileOf = (page: string) => (page === '/' ? 'index' : page.slice(1).replaceAll('/', '--'));

async function readDocuments() {
  const documents: Record<string, Record<string, unknown>> = {};
  for (const api of API_IDS) {
    documents[api] = {};
    for (const language of SUPPORTED_LANGUAGES) {
      const file = path.join(ssr, 'documents', `${api}.${language}.json`);
      documents[api][language] = JSON.parse(await readFile(file, 'utf8'));
    }
  }
  return documents;
}

const classesIn = (css: string) =>
  new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]));
const classesOf = (html: string) =>
  new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/)));

type Stylesheet = { href: string; classes: Set<string | undefined> };

const stylesheetsOf = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1] ?? '');

/**
 * The build's stylesheets beyond the template's (the first paint's): a page links each one that styles a
 * class its HTML uses and no stylesheet before it styles: Mantine's complete set for a page with a component
 * beyond the landing's, a screen's CSS module for the screen (the SPA's and the islands' builds may both
 * have written it: one is enough). The landing needs none of them.
 */
async function findStylesheets(template: string) {
  const linked = new Set(stylesheetsOf(template));
  const files = (await readdir(path.join(dist, 'assets'))).filter((file) => file.endsWith('.css')).sort();
  const all: Stylesheet[] = await Promise.all(
    files.map(async (file) => ({
      href: `/assets/${file}`,
      classes: classesIn(await readFile(path.join(dist, 'assets', file), 'utf8')),
    })),
  );
  const templateClasses = all
    .filter((sheet) => linked.has(sheet.href))
    .flatMap((sheet) => [...sheet.classes]);
  const others = all.filter((sheet) => !linked.has(sheet.href));
  return (html: string) => {
    const styled = new Set(templateClasses);
    const needed = [...classesOf(html)].filter((name) => !styled.has(name));
    return others.flatMap((sheet) => {
      if (!needed.some((name) => !styled.has(name) && sheet.classes.has(name))) return [];
      for (const name of sheet.classes) styled.add(name);
      return [sheet.href];
    });
  };
}

/**
 * Where a prerendered page finds the SPA's entry and stylesheets, to run it for a signed-in customer
 * (`app/islands/start-islands.tsx`): two `<meta>` read from the SPA's own index.html.
 */
async function spaEntryTags(): Promise<string> {
  const index = await readFile(path.join(dist, 'index.html'), 'utf8');
  const entry = index.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
  if (!entry) throw new Error('dist/index.html has no module script');
  return (
    `<meta name="spa-entry" content="${entry}">` +
    `<meta name="spa-styles" content="${stylesheetsOf(index).join(' ')}">`
  );
}

/**
 * The islands' script fetched at low priority (its module preloads too): the page is all in the HTML, so
 * the HTML's stylesheets and images come first, and the script runs after parsing as before. Chrome fetches
 * a module script at high priority, and Lighthouse counts a high-priority script as blocking the first paint.
 */
function withScriptsAfterThePage(template: string): string {
  return template
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
}

async function main(): Promise<void> {
  const started = Date.now();
  const renderer = (await import(pathToFileURL(path.join(ssr, 'render-page.js')).href)) as Renderer;
  const [documents, built] = await Promise.all([
    readDocuments(),
    readFile(path.join(dist, 'prerendered.html'), 'utf8'),
    renderer.initPrerenderTexts(),
  ]);
  const template = withScriptsAfterThePage(built);
  if (!template.includes('<div id="root"></div>')) throw new Error('prerendered.html has no empty #root');
  const [stylesheetsFor, spaEntry] = await Promise.all([findStylesheets(template), spaEntryTags()]);
  await rm(output, { recursive: true, force: true });

  const pages = [
    ...PUBLIC_PAGES.map((page) => [page, fileOf(page)] as const),
    [NOT_FOUND_PATH, NOT_FOUND_FILE] as const,
  ];
  for (const language of SUPPORTED_LANGUAGES) {
    await mkdir(path.join(output, language), { recursive: true });
    for (const [pathname, name] of pages) {
      const root = await renderer.renderPage({ pathname, language, documents });
      const links = stylesheetsFor(root).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
      const html = template
        .replace('<div id="root"></div>', () => `<div id="root">${root}</div>`)
        .replace('</head>', () => `${spaEntry}${links.join('')}</head>`);
      await writeFile(path.join(output, language, `${name}.html`), html);
    }
  }

  await mkdir(path.join(output, 'documents'));
  for (const api of API_IDS)
    for (const language of SUPPORTED_LANGUAGES) {
      const file = `${api}.${language}.json`;
      await copyFile(path.join(ssr, 'documents', file), path.join(output, 'documents', file));
    }
  const manifest = {
    languages: SUPPORTED_LANGUAGES,
    pages: Object.fromEntries(PUBLIC_PAGES.map((page) => [page, fileOf(page)])),
    notFound: NOT_FOUND_FILE,
    routes: renderer.listRoutePatterns(),
    documents: Object.fromEntries(
      API_IDS.map((api) => [`/docs/${api}`, { path: DOCUMENT_PATHS[api], file: `documents/${api}` }]),
    ),
  };
  await writeFile(path.join(output, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const count = pages.length * SUPPORTED_LANGUAGES.length;
  console.log(`prerendered ${count} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
