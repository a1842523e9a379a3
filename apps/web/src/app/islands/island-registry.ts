import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { CopyCodeButton } from '#web/components/code-sample/copy-code-button.tsx';
import { CookieBanner } from '#web/components/cookie-banner/cookie-banner.tsx';
import { LanguageSwitcher } from '#web/components/language-switcher/language-switcher.tsx';
import { SiteHeaderDrawer } from '../layouts/site-header-drawer.tsx';
import type { IslandNeeds } from './island-contexts.ts';

type PrepareContext = { props: Record<string, unknown>; queryClient?: QueryClient; language: string };

type IslandEntry = IslandNeeds & {
  /** The island's component: the shell's come with the islands' script, the others in chunks of their own. */
  load: () => Promise<ComponentType<never>>;
  /** The texts it shows: the shell's (with the script) or every screen's too (a chunk, fetched first). */
  texts: 'shell' | 'screens';
  /** Fetches what its first render reads, so that render is the prerendered one (no mismatch, no flash). */
  prepare?: (context: PrepareContext) => Promise<void>;
};

/**
 * Every island of the prerendered public pages (decision 039), by the name `<Island>` writes into the page:
 * what has behaviour there. The rest of each page is HTML that no script renders again. The landing's
 * islands (the header's, the notices', Copy) use no router and no query client, so its script carries neither.
 */
export const ISLANDS = {
  'language-switcher': { load: async () => LanguageSwitcher, texts: 'shell' },
  'header-drawer': { load: async () => SiteHeaderDrawer, texts: 'shell' },
  'cookie-banner': { load: async () => CookieBanner, texts: 'shell' },
  'copy-button': { load: async () => CopyCodeButton, texts: 'shell' },
  'status-banner': {
    load: async () =>
      (await import('#web/features/status/components/status-banner-slot.tsx')).StatusBannerSlot,
    texts: 'shell',
    usesQueries: true,
  },
  pricing: {
    load: async () => (await import('../pricing-screen.tsx')).PricingScreen,
    texts: 'screens',
    usesQueries: true,
    usesRouter: true,
  },
  'quick-start-examples': {
    load: async () =>
      (await import('#web/features/quick-start/components/visitor-parts.tsx')).VisitorCodeExamples,
    texts: 'screens',
  },
  'quick-start-try-it': {
    load: async () => (await import('#web/features/quick-start/components/visitor-parts.tsx')).VisitorTryIt,
    texts: 'screens',
  },
  'contact-form': {
    load: async () => (await import('#web/features/contact/components/contact-form.tsx')).ContactForm,
    texts: 'screens',
    usesQueries: true,
  },
  'status-page': {
    load: async () => (await import('#web/features/status/components/status-page.tsx')).StatusPage,
    texts: 'screens',
    usesQueries: true,
  },
  'faq-questions': {
    load: async () => (await import('#web/features/legal/components/faq-questions.tsx')).FaqQuestions,
    texts: 'screens',
    usesRouter: true,
    prepare: async ({ language }) => {
      const [{ loadContent }, { FAQ }] = await Promise.all([
        import('#web/features/legal/components/use-content.ts'),
        import('#web/features/legal/content/loaders.ts'),
      ]);
      await loadContent(FAQ, language);
    },
  },
  'api-reference': {
    load: async () =>
      (await import('#web/features/api-reference/components/api-reference-page.tsx')).ApiReferencePage,
    texts: 'screens',
    usesQueries: true,
    usesRouter: true,
    prepare: async ({ props, queryClient, language }) => {
      const [{ getApiDocumentQueryOptions }, { isApiId }] = await Promise.all([
        import('#web/features/api-reference/api/get-api-document.ts'),
        import('#web/features/api-reference/lib/api-ids.ts'),
      ]);
      const api = String(props.api);
      if (isApiId(api)) await queryClient?.prefetchQuery(getApiDocumentQueryOptions(api, language));
    },
  },
} satisfies Record<string, IslandEntry>;

/** An island's entry, as the runtime and the prerender read it. */
export const islandEntry = (name: keyof typeof ISLANDS): IslandEntry => ISLANDS[name];

type RegisteredIslands = {
  [N in keyof typeof ISLANDS]: Awaited<ReturnType<(typeof ISLANDS)[N]['load']>>;
};

declare module '#web/components/island/island.tsx' {
  interface IslandRegistry extends RegisteredIslands {}
}
