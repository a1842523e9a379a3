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

/** How long the answer to "do the imported ranges cover the whole country?" is trusted. */
const COVERAGE_TTL_MS = 60_000;

/**
 * The familiar API's semantics. Resolution order: memory → database (imported records and cached
 * upstream answers) → upstream race (a street-level answer is stored; "not found" is a 404 whatever the
 * ranges say). The municipality from the CEP ranges answers only when no upstream could be asked (all
 * unavailable, or `CEP_UPSTREAM=off`), marked `x-cep-precision: municipality`; given because the
 * upstreams were down it is not remembered, so the street is tried again on the next request. With the
 * ranges of the whole country imported, a CEP outside all of them is a 404 without asking anyone.
 * Concurrent lookups of one CEP share one resolution.
 */
export function createCepService({ repository, upstream, cacheSize, cacheTtlMs }: CepServiceOptions) {
  const memory = new MemoryCache<CepLookup>(cacheSize, cacheTtlMs);
  const inFlight = new Map<string, Promise<CepLookup>>();
  let coverage: { isComplete: boolean; checkedAt: number } | null = null;

  async function rangesCoverCountry(): Promise<boolean> {
    if (!coverage || Date.now() - coverage.checkedAt > COVERAGE_TTL_MS) {
      coverage = { isComplete: await repository.coversEveryState(), checkedAt: Date.now() };
    }
    return coverage.isComplete;
  }

  async function resolve(cep: string): Promise<CepLookup> {
    const stored = await repository.findAddress(cep);
    if (stored) return remember(cep, found(addressAnswer(stored), stored.source));
    const municipality = await repository.findMunicipalityByCep(cep);
    if (!municipality && (await rangesCoverCountry())) return remember(cep, NOT_FOUND);
    const result = upstream ? await upstream.lookup(cep) : null;
    if (result?.kind === 'found') {
      const city = await municipalityOf(result.address, municipality);
      const record = { ...result.address, ibge: result.address.ibge ?? city?.ibge ?? null };
      await repository.saveAddress({ ...record, source: result.provider });
      return remember(cep, found(addressAnswer({ ...record, municipality: city }), result.provider));
    }
    if (result?.kind === 'not_found') return remember(cep, NOT_FOUND);
    const isDegraded = result?.kind === 'unavailable';
    if (municipality) {
      const lookup = found(municipalityAnswer(cep, municipality), 'municipality');
      return isDegraded ? lookup : remember(cep, lookup);
    }
    if (isDegraded) throw new CepLookupError('unavailable');
    return remember(cep, NOT_FOUND);
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

const NOT_FOUND: CepLookup = { answer: null, source: null, json: null };

function found(answer: CepAddress, source: CepSource): CepLookup {
  return { answer, source, json: JSON.stringify(answer) };
}
