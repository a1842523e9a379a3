import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { getAppConfig } from '../lib/app-config.ts';

export type RouteHandle = { titleKey?: string };

/** "Entrar · Cotacep": the deepest route's title and the configured app name (spec §2). */
export function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter(Boolean)
    .at(-1);
  const { appName } = getAppConfig();
  const title = titleKey ? `${t(titleKey)} · ${appName}` : appName;

  useEffect(() => {
    document.title = title;
  }, [title]);
}
