import { DEFAULT_LANGUAGE, toSupportedLanguage } from '@cotacep/shared/languages';
import {
  formatDocumentTitle,
  getHeadTags,
  getPageTitle,
  HEAD_TAG_MARKER,
  type HeadTag,
} from '@cotacep/shared/site-meta';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { getAppConfig } from '../lib/app-config.ts';

export type RouteHandle = { titleKey?: string };

function replaceHeadTags(tags: HeadTag[]) {
  for (const element of document.head.querySelectorAll(`[${HEAD_TAG_MARKER}]`)) element.remove();
  for (const { tag, attributes } of tags) {
    const element = document.createElement(tag);
    element.setAttribute(HEAD_TAG_MARKER, '');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.append(element);
  }
}

/**
 * "Entrar · Cotacep" (spec §2) and the rest of the head: a public page's title, description, Open Graph,
 * canonical and hreflang tags come from the shared site-meta module the server wrote them from, so the two
 * never disagree; other screens take the deepest route's title and are noindex.
 */
export function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const { pathname: rawPathname } = useLocation();
  const pathname = rawPathname.replace(/(.)\/+$/, '$1');
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter(Boolean)
    .at(-1);
  const { appName, publicUrl } = getAppConfig();
  const title = formatDocumentTitle(getPageTitle(pathname, language) ?? (titleKey && t(titleKey)), appName);

  useEffect(() => {
    document.title = title;
    replaceHeadTags(getHeadTags({ pathname, language, publicUrl, appName }));
  }, [title, pathname, language, publicUrl, appName]);
}
