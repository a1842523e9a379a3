import { LANGUAGE_COOKIE_NAME, LANGUAGE_QUERY_PARAM, STORAGE_KEYS } from '@cotacep/shared/constants';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  SUPPORTED_LANGUAGES,
  toSupportedLanguage,
} from '@cotacep/shared/languages';
import i18next, { type BackendModule, type InitOptions, type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { bundledResources, loadResources, shellResources } from './resources.ts';

/** Spec §9: query string, cookie, localStorage, sessionStorage, browser, html tag. */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;

/** A year: the server reads the cookie to send each prerendered page in the language last used (decision 039). */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Remembers a language for the server, which sends the next page in it (the cookie it reads after `?lng=`,
 * before the browser's languages). Written when a person chooses one, and by a prerendered page for its own,
 * not on every change: a request that carries a cookie must carry the XSRF token too (decision 005).
 */
function rememberForServer(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one small cookie, and the Cookie Store API is not in every browser yet.
  document.cookie = `${LANGUAGE_COOKIE_NAME}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** The language a person chose (the language menu): the app's, and the server's for the next page. */
export function chooseLanguage(language: Language, instance: i18n = i18next): Promise<unknown> {
  rememberForServer(language);
  return instance.changeLanguage(language);
}

export function createI18nOptions(): InitOptions {
  return {
    resources: bundledResources(),
    // The other languages come from lazyLanguages, in their own chunk, when detected or chosen.
    partialBundledLanguages: true,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: {
      order: [...DETECTION_ORDER],
      lookupQuerystring: LANGUAGE_QUERY_PARAM,
      lookupCookie: LANGUAGE_COOKIE_NAME,
      lookupLocalStorage: STORAGE_KEYS.language,
      lookupSessionStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
      // Regional variants (en-US, pt-PT, pt) become the code we offer; others stay as they are and are skipped.
      convertDetectedLanguage: (language: string) => toSupportedLanguage(language) ?? language,
    },
  };
}

/** Loads a language's texts from its chunk (the default language is bundled and never asked for). */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    loadResources(language).then(
      (resources) => callback(null, resources?.translation ?? {}),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * The language the detector picks (spec §9's order, unsupported ones skipped), found by an instance that
 * loads nothing. Initialising with it named keeps a later `changeLanguage` from being undone when the
 * detected language's chunk arrives after it (i18next ties a load to the language it was asked for).
 */
function detectLanguage(): string | undefined {
  const probe = i18next.createInstance();
  void probe
    .use(LanguageDetector)
    .init({ ...createI18nOptions(), resources: {}, partialBundledLanguages: false });
  return probe.language;
}

/** Initialises an i18next instance once (the app uses the global one; the API clients read its language). */
export function initI18n(instance: i18n = i18next): i18n {
  if (instance.isInitialized || instance.isInitializing) return instance;
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  void instance
    .use(lazyLanguages)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({ ...createI18nOptions(), lng: detectLanguage() });
  return instance;
}

/**
 * The i18next of a prerendered page's islands (decision 039): the page's language, which the server chose
 * (`?lng=`, the cookie, the browser's), with the shell's texts; nothing to detect, so no detector. It is
 * remembered where the SPA's detector would keep it (localStorage) and for the server (the cookie), so the
 * next page, prerendered or the SPA's, comes in it too. The page sets no `<html lang>`: the server did.
 */
export function initIslandI18n(language: Language, instance: i18n = i18next): i18n {
  instance.on('languageChanged', (chosen) => {
    if (!isLanguage(chosen)) return;
    rememberForServer(chosen);
    localStorage.setItem(STORAGE_KEYS.language, chosen);
  });
  void instance
    .use(initReactI18next)
    .init({ ...createI18nOptions(), resources: shellResources(language), lng: language });
  return instance;
}

const screenTexts = new WeakMap<i18n, Promise<void>>();

/**
 * Completes the default language, which is also every language's fallback, with the texts the shell and the
 * landing do not use (decision 016). Every lazy route awaits it with its code (`withAllStyles`), so a screen
 * never renders before its texts; the first call fetches them, a failed fetch is tried again on the next one.
 */
export function loadScreenTexts(instance: i18n = i18next): Promise<void> {
  let loading = screenTexts.get(instance);
  if (!loading) {
    loading = loadResources(DEFAULT_LANGUAGE).then((resources) => {
      instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', resources?.translation ?? {}, true, true);
    });
    loading.catch(() => screenTexts.delete(instance));
    screenTexts.set(instance, loading);
  }
  return loading;
}

/** Resolves once the detected language's texts are in (at once for the bundled default language). */
export function whenI18nReady(instance: i18n = i18next): Promise<void> {
  if (instance.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const onInitialized = () => {
      instance.off('initialized', onInitialized);
      resolve();
    };
    instance.on('initialized', onInitialized);
  });
}

/** Every text of `language` (an island of a screen needs more than the shell's): the default's rest, or its chunk. */
export async function loadAllTexts(language: Language, instance: i18n = i18next): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return loadScreenTexts(instance);
  const resources = await loadResources(language);
  instance.addResourceBundle(language, 'translation', resources?.translation ?? {}, true, true);
}
