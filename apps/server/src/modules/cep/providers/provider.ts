export type ProviderName = 'viacep' | 'brasilapi' | 'opencep';

/** What a provider knows about a CEP, in our terms; null where the provider does not say. */
export type UpstreamAddress = {
  cep: string;
  street: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
  ibge: string | null;
  ddd: string | null;
  lat: number | null;
  lng: number | null;
};

export type LookupOutcome = { kind: 'found'; address: UpstreamAddress } | { kind: 'not_found' };

/**
 * One upstream CEP service. `lookup` resolves when the provider gave a definite answer (found or not
 * found) and throws an UpstreamError (lib/upstream-error.ts) for anything else: network, timeout, status, malformed body.
 */
export type CepProvider = {
  name: ProviderName;
  lookup(cep: string, signal: AbortSignal): Promise<LookupOutcome>;
};
