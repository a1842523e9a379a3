import { PRERENDER_PLACEHOLDERS } from '@cotacep/shared/prerender';

/**
 * Run-time configuration the server writes into index.html (`<meta name="app-name">`,
 * `<meta name="api-url">`, `<meta name="public-url">`), so one build serves every deployment. The
 * prerender (no document) writes placeholders the server replaces with the same settings (decision 039).
 */
export type AppConfig = { appName: string; apiUrl: string; publicUrl: string };

function readMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim();
  return content || undefined;
}

export function getAppConfig(): AppConfig {
  if (typeof document === 'undefined') return PRERENDER_PLACEHOLDERS;
  return {
    appName: readMeta('app-name') ?? 'Cotacep',
    apiUrl: (readMeta('api-url') ?? '/api').replace(/\/+$/, ''),
    // The Vite dev server writes nothing: the page's own origin.
    publicUrl: (readMeta('public-url') ?? globalThis.location?.origin ?? '').replace(/\/+$/, ''),
  };
}
