import { z } from 'zod';
import { baseUrl, milliseconds, mountPath } from '../../lib/env-fields.ts';

/** The CEP API's environment variables, spread into the server's one schema in config.ts. */
export const cepEnv = {
  CEP_BASE_PATH: mountPath('/cep'),
  CEP_UPSTREAM: z.enum(['on', 'off']).default('on'),
  CEP_VIACEP_URL: baseUrl('https://viacep.com.br'),
  CEP_BRASILAPI_URL: baseUrl('https://brasilapi.com.br'),
  CEP_OPENCEP_URL: baseUrl('https://opencep.com'),
  CEP_PROVIDER_TIMEOUT_MS: milliseconds(50, 60_000, 3_000),
  CEP_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
  CEP_BREAKER_COOLDOWN_MS: milliseconds(100, 3_600_000, 30_000),
  CEP_MEMORY_CACHE_SIZE: z.coerce.number().int().min(0).max(5_000_000).default(50_000),
  CEP_MEMORY_CACHE_TTL_S: z.coerce.number().int().min(1).max(2_592_000).default(600),
};
