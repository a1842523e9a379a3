import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SourceHealthRegistry } from '../../lib/source-health.ts';
import { createBrasilApiProvider } from './providers/brasilapi.ts';
import { createOpenCepProvider } from './providers/opencep.ts';
import { createUpstream } from './providers/upstream.ts';
import { createViaCepProvider } from './providers/viacep.ts';
import { createCepRepository } from './repository.ts';
import { createCepService } from './service.ts';

type CepConfig = Pick<
  Config,
  | 'CEP_UPSTREAM'
  | 'CEP_VIACEP_URL'
  | 'CEP_BRASILAPI_URL'
  | 'CEP_OPENCEP_URL'
  | 'CEP_PROVIDER_TIMEOUT_MS'
  | 'CEP_BREAKER_FAILURES'
  | 'CEP_BREAKER_COOLDOWN_MS'
  | 'CEP_MEMORY_CACHE_SIZE'
  | 'CEP_MEMORY_CACHE_TTL_S'
>;

/** The CEP lookup as configured: the three providers registered with the status registry, or none. */
export function createConfiguredCepService(config: CepConfig, db: Db, health: SourceHealthRegistry) {
  const upstream =
    config.CEP_UPSTREAM === 'on'
      ? createUpstream({
          providers: [
            createViaCepProvider(config.CEP_VIACEP_URL),
            createBrasilApiProvider(config.CEP_BRASILAPI_URL),
            createOpenCepProvider(config.CEP_OPENCEP_URL),
          ],
          timeoutMs: config.CEP_PROVIDER_TIMEOUT_MS,
          failureThreshold: config.CEP_BREAKER_FAILURES,
          cooldownMs: config.CEP_BREAKER_COOLDOWN_MS,
          health,
        })
      : null;
  return createCepService({
    repository: createCepRepository(db),
    upstream,
    cacheSize: config.CEP_MEMORY_CACHE_SIZE,
    cacheTtlMs: config.CEP_MEMORY_CACHE_TTL_S * 1000,
  });
}
