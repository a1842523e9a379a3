import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentLanguage, ContentLoaders } from '../content/document.ts';

/** The page's text in the interface's language; undefined while its chunk loads. */
export function useContent<T>(loaders: ContentLoaders<T>): T | undefined {
  const { i18n } = useTranslation();
  const language: ContentLanguage = i18n.language === 'en' ? 'en' : 'pt-BR';
  const [loaded, setLoaded] = useState<{ language: ContentLanguage; content: T }>();

  useEffect(() => {
    let isCurrent = true;
    void loaders[language]().then(({ content }) => {
      if (isCurrent) setLoaded({ language, content });
    });
    return () => {
      isCurrent = false;
    };
  }, [loaders, language]);

  return loaded?.language === language ? loaded.content : undefined;
}
