import type { CepAddress } from '@cotacep/shared/cep';
import { addressAnswer, type Municipality, municipalityAnswer } from './answer.ts';
import { CepLookupError } from './errors.ts';
import { MemoryCache } from './memory-cache.ts';
import type { UpstreamAddress } from './providers/provider.ts';
import type { Upstream } from './providers/upstream.ts';
import type { CepRepository } from './repository.ts';

/** Where an answer came from: a stored record (imported or an earlier upstream answer), or the ranges. */
export type CepSource = 'import' | 'viacep' | 'brasilapi' | 'opencep' | 'municipality';

/** A finished lookup as the routes send it; `answer: null` is "not found". JSON is rendered once. */
export type CepLookup =
  | { answer: CepAddress; source: CepSource; json: string }
  | { answer: null; source: null; json: null };

export type CepServiceOptions = {
  repository: CepRepository;
  /** Null when upstream lookups are switched off. */
  upstream: Upstream | null;
  cacheSize: number;
  cacheTtlMs: number;
};

export type CepService = ReturnType<typeof createCepService>;

/**
 * Resolution order: memory → database (imported records and cached upstream answers) → upstream race
 * (the answer is stored) → the municipality from the CEP ranges. Concurrent lookups of one CEP share
 * one resolution. A city-level answer given because the upstream was unavailable is not remembered,
 * so the street-level answer is tried again on the next request.
 */
export function createCepService({ repository, upstream, cacheSize, cacheTtlMs }: CepServiceOptions) {
  const memory = new MemoryCache<CepLookup>(cacheSize, cacheTtlMs);
  const inFlight = new Map<string, Promise<CepLookup>>();

  async function resolve(cep: string): Promise<CepLookup> {
    const stored = await repository.findAddress(cep);
    if (stored) return remember(cep, found(addressAnswer(stored), stored.source));
    const municipality = await repository.findMunicipalityByCep(cep);
    const result = upstream ? await upstream.lookup(cep) : null;
    if (result?.kind === 'found') {
      const city = await municipalityOf(result.address, municipality);
      const record = { ...result.address, ibge: result.address.ibge ?? city?.ibge ?? null };
      await repository.saveAddress({ ...record, source: result.provider });
      return remember(cep, found(addressAnswer({ ...record, municipality: city }), result.provider));
    }
    const isDegraded = result?.kind === 'unavailable';
    if (municipality) {
      const lookup = found(municipalityAnswer(cep, municipality), 'municipality');
      return isDegraded ? lookup : remember(cep, lookup);
    }
    if (isDegraded) throw new CepLookupError('unavailable');
    return remember(cep, { answer: null, source: null, json: null });
  }

  /** The municipality named by the upstream's IBGE code, else the one from the ranges. */
  async function municipalityOf(address: UpstreamAddress, fromRanges: Municipality | null) {
    if (!address.ibge || address.ibge === fromRanges?.ibge) return fromRanges;
    return (await repository.findMunicipality(address.ibge)) ?? null;
  }

  function remember(cep: string, lookup: CepLookup): CepLookup {
    memory.set(cep, lookup);
    return lookup;
  }

  return {
    /** A remembered answer, synchronously: the hot path. */
    peek(cep: string): CepLookup | undefined {
      return memory.get(cep);
    },

    /** `cep` must already be the 8 digits of a well-formed CEP. */
    lookup(cep: string): Promise<CepLookup> {
      const hit = memory.get(cep);
      if (hit) return Promise.resolve(hit);
      let pending = inFlight.get(cep);
      if (!pending) {
        pending = resolve(cep).finally(() => inFlight.delete(cep));
        inFlight.set(cep, pending);
      }
      return pending;
    },

    forget(cep: string): void {
      memory.delete(cep);
    },
  };
}

function found(answer: CepAddress, source: CepSource): CepLookup {
  return { answer, source, json: JSON.stringify(answer) };
}
