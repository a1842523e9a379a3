import { LANGUAGE_COOKIE_NAME, LANGUAGE_QUERY_PARAM, STORAGE_KEYS } from '@cotacep/shared/constants';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, toSupportedLanguage } from '@cotacep/shared/languages';
import i18next, { type InitOptions, type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { resources } from './resources.ts';

/** Spec §9: query string, cookie, localStorage, sessionStorage, browser, html tag. */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;

export function createI18nOptions(): InitOptions {
  return {
    resources,
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

/** Initialises an i18next instance once (the app uses the global one; the API clients read its language). */
export function initI18n(instance: i18n = i18next): i18n {
  if (instance.isInitialized) return instance;
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  void instance.use(LanguageDetector).use(initReactI18next).init(createI18nOptions());
  return instance;
}
