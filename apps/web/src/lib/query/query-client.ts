import {
  QUERY_GC_TIME_MS,
  QUERY_PERSIST_MAX_AGE_MS,
  QUERY_PERSIST_THROTTLE_MS,
  QUERY_STALE_TIME_MS,
} from '@cotacep/shared/constants';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { compressToUTF16, decompressFromUTF16 } from 'lz-string';

export const QUERY_CACHE_STORAGE_KEY = 'cotacep-query-cache';

/** Spec §9: data is fresh for 10 minutes and dropped 1 minute after its last observer leaves. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The HTTP clients already retry (spec §8); a second layer would multiply the attempts.
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS, retry: false },
    },
  });
}

/**
 * Spec §9: the cache lives in session storage, compressed, written at most once a second, and restored
 * only when younger than 24 h and saved by this same app version.
 */
export function createQueryPersistOptions(
  storage: Storage = globalThis.sessionStorage,
): PersistQueryClientProviderProps['persistOptions'] {
  const persister = createSyncStoragePersister({
    storage,
    key: QUERY_CACHE_STORAGE_KEY,
    throttleTime: QUERY_PERSIST_THROTTLE_MS,
    serialize: (client) => compressToUTF16(JSON.stringify(client)),
    deserialize: (cached) => JSON.parse(decompressFromUTF16(cached)),
  });
  return { persister, maxAge: QUERY_PERSIST_MAX_AGE_MS, buster: __APP_VERSION__ };
}
