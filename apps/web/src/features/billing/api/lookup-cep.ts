import { CotacepApiError, createCotacepClient } from '@cotacep/client';
import { type CepAddress, normalizeCep } from '@cotacep/shared/cep';
import { useQuery } from '@tanstack/react-query';

/** The address found, or why not: no such CEP, or the API could not answer (the customer types it then). */
export type CepLookup =
  | { kind: 'found'; address: CepAddress }
  | { kind: 'not_found' }
  | { kind: 'unavailable' };

/**
 * The address of a CEP from Cotacep's own CEP API, called as any customer's site calls it (anonymous,
 * limited per IP, on the page's origin like the Quick Start's "try it").
 */
export async function lookupCep(cep: string, language: string): Promise<CepLookup> {
  const client = createCotacepClient({ baseUrl: window.location.origin, language });
  try {
    return { kind: 'found', address: (await client.cep.lookup(cep)).data };
  } catch (error) {
    const isNotFound = error instanceof CotacepApiError && error.code === 'not_found';
    return { kind: isNotFound ? 'not_found' : 'unavailable' };
  }
}

/** Looks a CEP up once it has its 8 digits, when `isEnabled` (the country is Brazil). */
export function useCepLookup(input: string, language: string, isEnabled: boolean) {
  const cep = normalizeCep(input.trim());
  return useQuery({
    queryKey: ['cep', cep],
    queryFn: () => lookupCep(cep ?? '', language),
    enabled: isEnabled && cep !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
