import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type LinkComponent, LinkComponentContext } from '../components/site-link/site-link.tsx';
import { createQueryClient, createQueryPersistOptions } from '../lib/query/query-client.ts';
import { ClearCacheOnUserChange } from './clear-cache-on-user-change.tsx';
import { SiteNotifications, SiteTheme } from './site-theme.tsx';

type AppProvidersProps = {
  children: ReactNode;
  /** Where the query cache is persisted; sessionStorage (spec §9) unless a test gives each render its own. */
  persistStorage?: Storage;
};

/** Theme, notifications, the shell's links and the persisted query cache (spec §9) around the router. */
export function AppProviders({ children, persistStorage }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  const [persistOptions] = useState(() => createQueryPersistOptions(persistStorage));
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <SiteTheme>
        {/* The shell's links navigate inside the SPA (decision 039: a prerendered page's are plain links). */}
        <LinkComponentContext.Provider value={Link as LinkComponent}>
          <SiteNotifications />
          <ClearCacheOnUserChange />
          {children}
        </LinkComponentContext.Provider>
      </SiteTheme>
    </PersistQueryClientProvider>
  );
}
