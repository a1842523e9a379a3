/**
 * What a page prerendered at build time (decision 039) holds where a deployment's own setting goes: the
 * server writes each setting in as it sends the page, so one build serves every deployment. Characters
 * React writes as they are, in text and attributes alike; the URLs' are valid parts of a URL, so code that
 * builds addresses from them works while prerendering.
 */
export const PRERENDER_PLACEHOLDERS = {
  appName: '%%cotacep-app-name%%',
  publicUrl: 'https://cotacep-public-url.invalid',
  apiUrl: '/cotacep-api-url',
} as const;
