import { LANGUAGE_COOKIE_NAME, LANGUAGE_QUERY_PARAM, STORAGE_KEYS } from '@cotacep/shared/constants';
import { DEFAULT_LANGUAGE, type Language, toSupportedLanguage } from '@cotacep/shared/languages';

/** The language the server sent the page in (its `<html lang>`). */
export function getPageLanguage(): Language {
  return toSupportedLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
}

function hasLanguageCookie(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${LANGUAGE_COOKIE_NAME}=`));
}

/**
 * A language chosen in this browser before the server could know it (kept in localStorage only, by an
 * earlier version of the app), when neither the address nor the cookie chose the page's.
 */
export function findStoredLanguage(): Language | undefined {
  if (new URLSearchParams(window.location.search).has(LANGUAGE_QUERY_PARAM) || hasLanguageCookie()) return;
  try {
    return toSupportedLanguage(localStorage.getItem(STORAGE_KEYS.language));
  } catch {
    return undefined;
  }
}

/** This page's address in `language`: the default's is the bare path, another's adds `?lng=` (site-meta's rule). */
export function localizedHref(language: Language): string {
  const url = new URL(window.location.href);
  url.searchParams.delete(LANGUAGE_QUERY_PARAM);
  if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_QUERY_PARAM, language);
  return url.href;
}
