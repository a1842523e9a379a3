import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';
import toastClasses from './toasts.module.css';

type SiteThemeProps = {
  children: ReactNode;
  /**
   * An island of a prerendered page (decision 039): the page's root already carries the theme's CSS
   * variables and global classes, so each island adds none of its own.
   */
  isIsland?: boolean;
};

/** The one Mantine theme, for the SPA, the prerender and each island. */
export function SiteTheme({ children, isIsland = false }: SiteThemeProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      withCssVariables={!isIsland}
      withGlobalClasses={!isIsland}
    >
      {children}
    </MantineProvider>
  );
}

// Not needed for the first paint: the toasts' code comes after it; one shown earlier waits in Mantine's store.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** Where the toasts show: top right, below the header. */
export function SiteNotifications() {
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" classNames={{ root: toastClasses.root }} />
    </Suspense>
  );
}
