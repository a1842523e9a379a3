import {
  QUERY_GC_TIME_MS,
  QUERY_PERSIST_MAX_AGE_MS,
  QUERY_PERSIST_THROTTLE_MS,
  QUERY_STALE_TIME_MS,
} from '@cotacep/shared/constants';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { Persister, PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';

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

type Compression = Pick<typeof import('lz-string'), 'compressToUTF16' | 'decompressFromUTF16'>;

let compression: Compression | undefined;

/** lz-string, fetched the first time the cache is written or a stored one restored: not with the landing. */
async function loadCompression(): Promise<Compression> {
  compression ??= await import('lz-string');
  return compression;
}

/**
 * Spec §9: the cache lives in session storage, compressed, written at most once a second, and restored
 * only when younger than 24 h and saved by this same app version.
 */
export function createQueryPersistOptions(
  storage: Storage = globalThis.sessionStorage,
): PersistQueryClientProviderProps['persistOptions'] {
  const stored = createSyncStoragePersister({
    storage,
    key: QUERY_CACHE_STORAGE_KEY,
    throttleTime: QUERY_PERSIST_THROTTLE_MS,
    // Both run once the compression is in: persistClient and restoreClient below wait for it.
    serialize: (client) => compression!.compressToUTF16(JSON.stringify(client)),
    deserialize: (cached) => JSON.parse(compression!.decompressFromUTF16(cached)),
  });
  let latest: Parameters<Persister['persistClient']>[0] | undefined;
  const persister: Persister = {
    persistClient: (client) => {
      if (compression) return stored.persistClient(client);
      // Changes made while the compression loads: the latest of them goes into the throttled write.
      const isFirst = latest === undefined;
      latest = client;
      if (!isFirst) return;
      loadCompression().then(
        () => latest && stored.persistClient(latest),
        () => {
          latest = undefined; // the next change asks again
        },
      );
    },
    restoreClient: async () => {
      if (storage?.getItem(QUERY_CACHE_STORAGE_KEY) == null) return undefined;
      await loadCompression();
      return stored.restoreClient();
    },
    removeClient: () => stored.removeClient(),
  };
  return { persister, maxAge: QUERY_PERSIST_MAX_AGE_MS, buster: __APP_VERSION__ };
}
