import { use, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentLanguage, ContentLoaders } from '../content/document.ts';

const languageOf = (language: string): ContentLanguage => (language === 'en' ? 'en' : 'pt-BR');

// Each page's text once loaded, by its loader: a page shown again (or hydrated) renders it at once.
const loaded = new Map<() => Promise<{ content: unknown }>, Promise<unknown>>();
const contents = new Map<() => Promise<{ content: unknown }>, unknown>();

/** Loads a page's text in `language` (once); the prerender and an island's hydration wait for it first. */
export function loadContent<T>(loaders: ContentLoaders<T>, language: string): Promise<T> {
  const loader = loaders[languageOf(language)];
  let loading = loaded.get(loader) as Promise<T> | undefined;
  if (!loading) {
    loading = loader().then(({ content }) => {
      contents.set(loader, content);
      return content;
    });
    loading.catch(() => loaded.delete(loader));
    loaded.set(loader, loading);
  }
  return loading;
}

/**
 * The page's text in the interface's language; undefined while its chunk loads in the browser. The
 * prerender (no browser) suspends on it instead, so the page it writes holds the text (decision 039).
 */
export function useContent<T>(loaders: ContentLoaders<T>): T | undefined {
  const { i18n } = useTranslation();
  const loader = loaders[languageOf(i18n.language)];
  const content = contents.get(loader) as T | undefined;
  const [, onLoaded] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    if (content !== undefined) return;
    let isCurrent = true;
    void loadContent(loaders, i18n.language).then(() => {
      if (isCurrent) onLoaded();
    });
    return () => {
      isCurrent = false;
    };
  }, [loaders, i18n.language, content]);

  if (content === undefined && typeof window === 'undefined') return use(loadContent(loaders, i18n.language));
  return content;
}
