import { MantineProvider } from '@mantine/core';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient, createQueryPersistOptions } from '../lib/query/query-client.ts';
import { ClearCacheOnUserChange } from './clear-cache-on-user-change.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import toastClasses from './toasts.module.css';

// Not needed for the first paint: the toasts' code comes after it; one shown earlier waits in Mantine's store.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

type AppProvidersProps = {
  children: ReactNode;
  /** Where the query cache is persisted; sessionStorage (spec §9) unless a test gives each render its own. */
  persistStorage?: Storage;
};

/** Theme, notifications and the persisted query cache (spec §9) around the router. */
export function AppProviders({ children, persistStorage }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  const [persistOptions] = useState(() => createQueryPersistOptions(persistStorage));
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Suspense fallback={null}>
          <Notifications position="top-right" classNames={{ root: toastClasses.root }} />
        </Suspense>
        <ClearCacheOnUserChange />
        {children}
      </MantineProvider>
    </PersistQueryClientProvider>
  );
}
