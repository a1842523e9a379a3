import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Path } from 'react-router';
import { InIslandContext } from '#web/components/island/island.tsx';
import { SiteTheme } from '../site-theme.tsx';
import type { IslandContexts } from './island-contexts.ts';

type IslandProvidersProps = {
  children: ReactNode;
  /** The query client's and the router's code, for an island that uses them (`loadIslandContexts`). */
  contexts: IslandContexts;
  /** The island's own query client, when it reads data. */
  queryClient?: QueryClient;
  /** The page's address: the prerendered path, then the browser's. */
  location: Partial<Path>;
};

/** What an island's components expect around them: the theme, and a query client and a router if they use them. */
export function IslandProviders({ children, contexts, queryClient, location }: IslandProvidersProps) {
  const { queries, router } = contexts;
  let tree = children;
  if (router) tree = <router.DocumentRouter location={location}>{tree}</router.DocumentRouter>;
  if (queries && queryClient)
    tree = <queries.IslandQueries client={queryClient}>{tree}</queries.IslandQueries>;
  return (
    <InIslandContext.Provider value>
      <SiteTheme isIsland>{tree}</SiteTheme>
    </InIslandContext.Provider>
  );
}
