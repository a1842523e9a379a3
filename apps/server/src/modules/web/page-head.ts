import { LANGUAGE_COOKIE_NAME, LANGUAGE_QUERY_PARAM } from '@cotacep/shared/constants';
import { type Language, toSupportedLanguage } from '@cotacep/shared/languages';
import {
  formatDocumentTitle,
  getHeadTags,
  getPageTitle,
  HEAD_TAG_MARKER,
  type HeadTag,
  isPublicPage,
} from '@cotacep/shared/site-meta';
import type { FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/cookies.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { requestLanguage } from '../../lib/language.ts';

/** The request headers the page's head depends on, besides the URL (for the `Vary` header). */
export const PAGE_HEAD_VARY = 'accept-language, cookie';

/** The language the web app will show, as its detector decides: `?lng=`, then the cookie, then the browser. */
export function choosePageLanguage(request: FastifyRequest): Language {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get(LANGUAGE_QUERY_PARAM);
  return (
    toSupportedLanguage(query) ??
    toSupportedLanguage(readCookie(request, LANGUAGE_COOKIE_NAME)) ??
    requestLanguage(request)
  );
}

/** The path a page's head is chosen by: no query, no trailing slash; anything not public counts as one page. */
export function pageKeyOf(url: string): string {
  const pathname = (url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
  return isPublicPage(pathname) ? pathname : '*';
}

function renderTag({ tag, attributes }: HeadTag): string {
  const pairs = Object.entries(attributes).map(([name, value]) => `${name}="${escapeHtml(value)}"`);
  return `<${tag} ${HEAD_TAG_MARKER} ${pairs.join(' ')} />`;
}

type PageHeadInput = { pageKey: string; language: Language; publicUrl: string; appName: string };

/** index.html for one page and language: `<html lang>`, its `<title>` and its head tags, all escaped. */
export function renderPageHtml(
  template: string,
  { pageKey, language, publicUrl, appName }: PageHeadInput,
): string {
  const title = formatDocumentTitle(getPageTitle(pageKey, language), appName);
  const tags = getHeadTags({ pathname: pageKey, language, publicUrl, appName }).map(renderTag);
  return template
    .replace(/<html(\s+lang="[^"]*")?/, `<html lang="${escapeHtml(language)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/\s*<\/head>/, () => `\n    ${tags.join('\n    ')}\n  </head>`);
}
