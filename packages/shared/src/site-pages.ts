/**
 * The pages anyone may read (spec §2): what the sitemap lists and what search engines may index; every
 * other page is behind sign-in or part of signing in.
 */
export const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/contact',
  '/faq',
  '/about',
  '/terms',
  '/privacy',
  '/terms-of-service',
  '/quick-start',
  '/docs',
  '/docs/quotes',
  '/docs/cep',
  '/docs/portal',
  '/status',
] as const;
