import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_QUERY_PARAM } from '@cotacep/shared/constants';
import type { Language } from '@cotacep/shared/languages';
import { PRERENDER_PLACEHOLDERS } from '@cotacep/shared/prerender';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** What the web build's prerender wrote beside the pages (`apps/web/scripts/prerender.ts`). */
type Manifest = {
  pages: Record<string, string>;
  notFound: string;
  /** The SPA's route patterns (`/docs/:api`, `/admin/*`): an address none matches is not found. */
  routes: string[];
  /** A reference page's OpenAPI document: where the server answers it, and the build's copy. */
  documents: Record<string, { path: string; file: string }>;
};

export type PrerenderedPage = { key: string; template: string; status: 200 | 404 };

type Settings = Pick<Config, 'APP_NAME' | 'API_URL' | 'publicUrl'>;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * A prerendered text with this deployment's own name and addresses where the build left placeholders,
 * each escaped by `escapeValue` for where it goes (HTML, or a JSON string for a document).
 */
export function fillSettings(
  text: string,
  settings: Settings,
  escapeValue: (value: string) => string,
): string {
  const { appName, publicUrl, apiUrl } = PRERENDER_PLACEHOLDERS;
  const ownPublicUrl = withoutTrailingSlash(settings.publicUrl);
  const ownApiUrl = withoutTrailingSlash(settings.API_URL);
  // An address built from both (the portal's document) is the API URL as seen from the public address.
  const absoluteApiUrl = withoutTrailingSlash(new URL(ownApiUrl, `${ownPublicUrl}/`).href);
  return text
    .replaceAll(`${publicUrl}${apiUrl}`, escapeValue(absoluteApiUrl))
    .replaceAll(apiUrl, escapeValue(ownApiUrl))
    .replaceAll(publicUrl, escapeValue(ownPublicUrl))
    .replaceAll(appName, escapeValue(settings.APP_NAME));
}

const asJsonString = (value: string) => JSON.stringify(value).slice(1, -1);

/** Whether `pathname` is an address the SPA has a screen for (React Router's matching: segments, any case). */
function matchesRoute(pathname: string, pattern: string): boolean {
  const given = pathname.toLowerCase().split('/').filter(Boolean);
  const wanted = pattern.toLowerCase().split('/').filter(Boolean);
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') return true;
    const part = given[index];
    if (part === undefined || (!segment.startsWith(':') && segment !== part)) return false;
  }
  return given.length === wanted.length;
}

/** Only `?lng=` may come with a prerendered page: anything else in the address is for the SPA to read. */
function isPlainAddress(url: string): boolean {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  return [...query.keys()].every((name) => name === LANGUAGE_QUERY_PARAM);
}

/**
 * The public pages prerendered at build time (decision 039), each in each language: the page for an
 * address, or null when it is the SPA's (a screen behind sign-in, an address with more than `?lng=`, a
 * reference whose OpenAPI document this deployment answers differently from the build's). Null as a whole
 * when the build holds none.
 */
export function loadPrerenderedPages(distDir: string, app: FastifyInstance, settings: Settings) {
  const directory = path.join(distDir, 'prerendered');
  const manifestPath = path.join(directory, 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const templates = new Map<string, string>();
  const template = (language: Language, name: string) => {
    const key = `${language}/${name}`;
    let html = templates.get(key);
    if (html === undefined) {
      html = fillSettings(readFileSync(path.join(directory, `${key}.html`), 'utf8'), settings, escapeHtml);
      templates.set(key, html);
    }
    return html;
  };

  // Asked once per reference and language: the document changes only with a deployment.
  const isDocumentCurrent = new Map<string, Promise<boolean>>();
  const checkDocument = (pathname: string, language: Language) => {
    const document = manifest.documents[pathname];
    if (!document) return Promise.resolve(true);
    const key = `${language} ${pathname}`;
    let current = isDocumentCurrent.get(key);
    if (!current) {
      const built = readFileSync(path.join(directory, `${document.file}.${language}.json`), 'utf8');
      current = app
        .inject({ method: 'GET', url: `${document.path}?${LANGUAGE_QUERY_PARAM}=${language}` })
        .then((own) => own.statusCode === 200 && own.body === fillSettings(built, settings, asJsonString));
      isDocumentCurrent.set(key, current);
    }
    return current;
  };

  return {
    async find(url: string, language: Language): Promise<PrerenderedPage | null> {
      if (!isPlainAddress(url)) return null;
      const pathname = (url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
      const page = manifest.pages[pathname];
      if (page !== undefined) {
        if (!(await checkDocument(pathname, language))) return null;
        return { key: `page ${pathname}`, template: template(language, page), status: 200 };
      }
      if (manifest.routes.some((pattern) => matchesRoute(pathname, pattern))) return null;
      return { key: 'not found', template: template(language, manifest.notFound), status: 404 };
    },
  };
}

export type PrerenderedPages = NonNullable<ReturnType<typeof loadPrerenderedPages>>;
