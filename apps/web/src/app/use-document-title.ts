import { DEFAULT_LANGUAGE, toSupportedLanguage } from '@cotacep/shared/languages';
import type { HeadTag } from '@cotacep/shared/site-meta';
import { PUBLIC_PAGES } from '@cotacep/shared/site-pages';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import type { TranslationKey } from '../i18n/translation-key.ts';
import { getAppConfig } from '../lib/app-config.ts';
import { useOverriddenTitleKey } from '../lib/title-override.ts';
import { whenIdleAfterLoad } from '../lib/when-idle-after-load.ts';

export type RouteHandle = { titleKey?: TranslationKey };

type SiteMeta = typeof import('@cotacep/shared/site-meta');

let siteMeta: SiteMeta | undefined;
let loadingSiteMeta: Promise<SiteMeta> | undefined;

/** The pages' titles and descriptions in every language: not part of the landing's first paint (decision 016). */
function loadSiteMeta(): Promise<SiteMeta> {
  loadingSiteMeta ??= import('@cotacep/shared/site-meta').then(
    (loaded) => (siteMeta = loaded),
    (error: unknown) => {
      loadingSiteMeta = undefined;
      throw error;
    },
  );
  return loadingSiteMeta;
}

const normalizePath = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/**
 * The public page and language whose head the server wrote into index.html, read before i18next sets
 * `<html lang>`: while the app shows that page in that language, its head is already right.
 */
const servedHead =
  typeof document === 'undefined'
    ? undefined
    : { pathname: normalizePath(window.location.pathname), language: document.documentElement.lang };

function replaceHeadTags({ HEAD_TAG_MARKER }: SiteMeta, tags: HeadTag[]) {
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
 * never disagree; other screens take the deepest route's title and are noindex. The module is fetched at
 * once when the head must change, and only when the page is idle while the server's head is still right.
 */
export function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const pathname = normalizePath(useLocation().pathname);
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  const routeTitleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter(Boolean)
    .at(-1);
  const titleKey = useOverriddenTitleKey() ?? routeTitleKey;
  const { appName, publicUrl } = getAppConfig();
  const [meta, setMeta] = useState(siteMeta);
  const isServedHead =
    servedHead?.pathname === pathname &&
    servedHead.language === language &&
    (PUBLIC_PAGES as readonly string[]).includes(pathname);

  useEffect(() => {
    if (meta) return;
    const load = () => {
      loadSiteMeta().then(
        (loaded) => setMeta(() => loaded),
        () => undefined,
      );
    };
    if (isServedHead) return whenIdleAfterLoad(load);
    load();
  }, [meta, isServedHead]);

  const pageTitle = meta?.getPageTitle(pathname, language) ?? (titleKey && t(titleKey));
  const title = meta?.formatDocumentTitle(pageTitle, appName);

  useEffect(() => {
    if (!meta || title === undefined) return;
    document.title = title;
    replaceHeadTags(meta, meta.getHeadTags({ pathname, language, publicUrl, appName }));
  }, [meta, title, pathname, language, publicUrl, appName]);
}
