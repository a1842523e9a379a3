import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createPath, type Navigator, type Path, Router, type To } from 'react-router';
import { SiteTheme } from '../site-theme.tsx';

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Every page is a document of its own on a prerendered page: a link or `navigate()` inside an island loads
 * the next page from the server (prerendered too, or the SPA for signing in), never renders it here.
 */
const DOCUMENT_NAVIGATOR: Navigator = {
  createHref: hrefOf,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(hrefOf(to)),
  replace: (to) => window.location.replace(hrefOf(to)),
};

type IslandProvidersProps = {
  children: ReactNode;
  /** The page's address: the prerendered path, then the browser's. */
  location: Partial<Path>;
  /** The island's own (its first render must read what the prerender read, not what another fetched). */
  queryClient: QueryClient;
};

/** What an island's components expect around them: the theme, the query client and a router. */
export function IslandProviders({ children, location, queryClient }: IslandProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteTheme isIsland>
        <Router location={location} navigator={DOCUMENT_NAVIGATOR}>
          {children}
        </Router>
      </SiteTheme>
    </QueryClientProvider>
  );
}
