import { type Language, toSupportedLanguage } from '@cotacep/shared/languages';
import i18next from 'i18next';
import { type ComponentType, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { IslandName } from '#web/components/island/island.tsx';
import { mountToastCornerOnFirstToast } from '#web/components/toast-corner.ts';
import { initIslandI18n, loadAllTexts } from '#web/i18n/i18n.ts';
import { isAuthenticated } from '#web/lib/session/session-store.ts';
import { SiteNotifications, SiteTheme } from '../site-theme.tsx';
import { loadIslandContexts } from './island-contexts.ts';
import { IslandProviders } from './island-providers.tsx';
import { ISLANDS, islandEntry } from './island-registry.ts';
import { findStoredLanguage, getPageLanguage, localizedHref } from './page-language.ts';

const isIslandName = (name: string | undefined): name is IslandName => !!name && name in ISLANDS;

/**
 * One island as a root of its own, with what its first render reads (its texts, its data) in first, so that
 * render is the prerendered HTML. In a transition: React hydrates it in slices that leave the main thread
 * free between them (no long task), and replays a click that came before it was done.
 */
async function hydrateIsland(element: HTMLElement, language: Language): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) return;
  const entry = islandEntry(name);
  const props = JSON.parse(element.dataset.islandProps ?? '{}') as Record<string, unknown>;
  const [Component, contexts] = await Promise.all([
    entry.load() as Promise<ComponentType<object>>,
    loadIslandContexts(entry),
    entry.texts === 'screens' ? loadAllTexts(language) : undefined,
  ]);
  // Its own: data another island fetched meanwhile would make its first render differ from the HTML.
  const queryClient = contexts.queries?.createQueryClient();
  await entry.prepare?.({ props, queryClient, language });
  const { pathname, search, hash } = window.location;
  startTransition(() => {
    hydrateRoot(
      element,
      <IslandProviders contexts={contexts} queryClient={queryClient} location={{ pathname, search, hash }}>
        <Component {...props} />
      </IslandProviders>,
      { identifierPrefix: element.dataset.islandId },
    );
  });
}

const metaContent = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

/**
 * Runs the SPA's own entry with its stylesheets (index.html's, named by the prerender in `<meta
 * name="spa-entry">` and `<meta name="spa-styles">`): the SPA's files, shared with every screen of it.
 */
async function startSpaHere(): Promise<void> {
  for (const href of metaContent('spa-styles').split(' ').filter(Boolean)) {
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    document.head.append(link);
  }
  const entry = metaContent('spa-entry');
  if (entry) await import(/* @vite-ignore */ entry);
}

/** The toasts' corner, which nothing prerenders: mounted with the page's first toast (decision 039). */
function mountNotifications(): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <SiteTheme isIsland>
      <SiteNotifications />
    </SiteTheme>,
  );
}

/**
 * The script of a prerendered public page (decision 039). A visitor's page is HTML already: only its
 * islands hydrate. A signed-in customer's is the SPA's (their header, their plan), which takes the page over.
 */
export async function startPrerenderedPage(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  if (isAuthenticated()) {
    await startSpaHere();
    return;
  }
  const language = getPageLanguage();
  const stored = findStoredLanguage();
  initIslandI18n(language);
  // Choosing a language loads the page in it (remembered first, for the server too: `initIslandI18n`).
  i18next.on('languageChanged', (next) => {
    const chosen = toSupportedLanguage(next);
    if (chosen && chosen !== language) window.location.assign(localizedHref(chosen));
  });
  if (stored && stored !== language) {
    void i18next.changeLanguage(stored);
    return;
  }
  const islands = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(islands.map((element) => hydrateIsland(element, language)));
  mountToastCornerOnFirstToast(mountNotifications);
}
