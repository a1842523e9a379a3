import './visitor-storage.ts';
import { text } from 'node:stream/consumers';
import type { Language } from '@cotacep/shared/languages';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { type CollectedIsland, IslandCollectorContext } from '#web/components/island/island.tsx';
import { getApiDocumentQueryOptions } from '#web/features/api-reference/api/get-api-document.ts';
import { API_IDS, type ApiId } from '#web/features/api-reference/lib/api-ids.ts';
import type { OpenApiDocument } from '#web/features/api-reference/lib/openapi-types.ts';
import { createI18nOptions } from '#web/i18n/i18n.ts';
import { loadResources } from '#web/i18n/resources.ts';
import { createQueryClient } from '#web/lib/query/query-client.ts';
import { loadIslandContexts } from '../islands/island-contexts.ts';
import { IslandProviders } from '../islands/island-providers.tsx';
import { islandEntry } from '../islands/island-registry.ts';
import { routes } from '../routes.tsx';
import { SiteTheme } from '../site-theme.tsx';

/** The OpenAPI documents the references show, by API and language, as the server answers them. */
export type ApiDocuments = Record<ApiId, Record<Language, OpenApiDocument>>;

// A page that takes longer has a promise that never settles: the build fails instead of hanging.
const RENDER_TIMEOUT_MS = 30_000;

async function renderToHtml(element: ReactNode, identifierPrefix?: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    identifierPrefix,
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError: (error) => {
      throw error;
    },
  });
  return text(prelude);
}

/** Both languages complete, in the one i18next the components read. */
export async function initPrerenderTexts(): Promise<void> {
  const [portuguese, english] = await Promise.all([loadResources('pt-BR'), loadResources('en')]);
  if (!portuguese || !english) throw new Error('the translations did not load');
  await i18next
    .use(initReactI18next)
    .init({ ...createI18nOptions(), resources: { 'pt-BR': portuguese, en: english }, lng: 'pt-BR' });
}

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Puts each island's own HTML into its placeholder (`<div data-island-id="…" …></div>`). */
function fillIslands(html: string, islands: Map<string, string>): string {
  let filled = html;
  for (const [id, islandHtml] of islands) {
    const at = filled.indexOf(`data-island-id="${attribute(id)}"`);
    const end = at < 0 ? -1 : filled.indexOf('></div>', at);
    if (end < 0) throw new Error(`the island ${id} has no placeholder`);
    filled = `${filled.slice(0, end + 1)}${islandHtml}${filled.slice(end + 1)}`;
  }
  return filled;
}

type PageInput = { pathname: string; language: Language; documents: ApiDocuments };

/**
 * The HTML of `#root` for one page in one language, as a visitor's first render draws it (decision 039): the
 * real routes and components, the page's islands each rendered as the root the browser will hydrate.
 */
export async function renderPage({ pathname, language, documents }: PageInput): Promise<string> {
  await i18next.changeLanguage(language);
  const queryClient = createQueryClient();
  for (const api of API_IDS)
    queryClient.setQueryData(getApiDocumentQueryOptions(api, language).queryKey, documents[api][language]);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}, not a page`);
  const collected = new Map<string, CollectedIsland>();
  const page = await renderToHtml(
    <IslandCollectorContext.Provider value={collected}>
      <QueryClientProvider client={queryClient}>
        <SiteTheme>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </SiteTheme>
      </QueryClientProvider>
    </IslandCollectorContext.Provider>,
  );

  const islands = new Map<string, string>();
  for (const [id, { name, component: Component, props }] of collected) {
    const contexts = await loadIslandContexts(islandEntry(name));
    const html = await renderToHtml(
      <IslandProviders contexts={contexts} queryClient={queryClient} location={{ pathname }}>
        <Component {...props} />
      </IslandProviders>,
      id,
    );
    islands.set(id, html);
  }
  // Its queries' collection timers would keep the build's process alive for a minute.
  queryClient.clear();
  return fillIslands(page, islands);
}

function patternsOf(table: RouteObject[], parent: string): string[] {
  return table.flatMap((route) => {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
    const own = route.path || route.index ? [path || '/'] : [];
    return [...own, ...patternsOf(route.children ?? [], path)];
  });
}

/**
 * Every path pattern of the route table (`/docs/:api`, `/admin/*`), for the server to tell an address the app
 * has a screen for from one it has not; the catch-all is the not-found page itself, so it is left out.
 */
export function listRoutePatterns(): string[] {
  return [...new Set(patternsOf(routes, ''))].filter((pattern) => pattern !== '/*');
}
