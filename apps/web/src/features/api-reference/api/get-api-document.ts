import { toSupportedLanguage } from '@cotacep/shared/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '#web/lib/api/request.ts';
import { getAppConfig } from '#web/lib/app-config.ts';
import type { ApiId } from '../lib/api-ids.ts';
import type { OpenApiDocument } from '../lib/openapi-types.ts';

// The server's default base paths of the public APIs (QUOTES_BASE_PATH, CEP_BASE_PATH).
const PUBLIC_DOCUMENTS = { quotes: '/quotes/openapi.json', cep: '/cep/openapi.json' } as const;

const documentPath = (api: ApiId) =>
  api === 'portal' ? `${getAppConfig().apiUrl}/openapi.json` : PUBLIC_DOCUMENTS[api];

/** Where each API's OpenAPI document is published (the portal's follows the configured API URL), to link to. */
export function getDocumentUrl(api: ApiId): string {
  return new URL(documentPath(api), `${getAppConfig().publicUrl}/`).href;
}

/** The document in the page's language (the server translates its texts; decision 032), from this origin. */
export async function getApiDocument(api: ApiId, language: string): Promise<OpenApiDocument> {
  const url = new URL(documentPath(api), window.location.origin);
  url.searchParams.set('lng', toSupportedLanguage(language) ?? 'pt-BR');
  return get<OpenApiDocument>(url.href);
}

// A document changes only with a deployment.
const DOCUMENT_STALE_TIME_MS = 5 * 60_000;

export const getApiDocumentQueryOptions = (api: ApiId, language: string) =>
  queryOptions({
    queryKey: ['api-reference', api, language],
    queryFn: () => getApiDocument(api, language),
    staleTime: DOCUMENT_STALE_TIME_MS,
  });

export function useApiDocument(api: ApiId) {
  const { i18n } = useTranslation();
  return useQuery(getApiDocumentQueryOptions(api, i18n.language));
}
