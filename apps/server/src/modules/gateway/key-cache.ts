import type { ResolvedKey } from './key-lookup.ts';

export type KeyCache = {
  /** The key of a secret's hash (null: none), from memory when it was read less than a TTL ago. */
  get(hash: string): ResolvedKey | null | Promise<ResolvedKey | null>;
  /** What memory holds for the hash, without reading: undefined when it would need a read. */
  peek(hash: string): ResolvedKey | null | undefined;
  invalidateKey(keyId: string): void;
  invalidateUser(userId: string): void;
  clear(): void;
};

type Entry = { value: ResolvedKey | null; expiresAt: number };

type KeyCacheOptions = {
  load(hash: string): Promise<ResolvedKey | null>;
  ttlMs: number;
  /** Past this many entries the cache starts over, which bounds memory against floods of bad secrets. */
  maxEntries?: number;
};

/**
 * Secrets' hashes → keys, in memory with a short TTL. Misses for the same hash share one database read.
 * Invalidation bumps a generation, so a read that was in flight when the key changed is not cached.
 */
export function createKeyCache({ load, ttlMs, maxEntries = 100_000 }: KeyCacheOptions): KeyCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<ResolvedKey | null>>();
  let generation = 0;

  function remove(matches: (key: ResolvedKey) => boolean) {
    generation += 1;
    for (const [hash, entry] of entries) if (entry.value && matches(entry.value)) entries.delete(hash);
    loading.clear();
  }

  function startLoad(hash: string): Promise<ResolvedKey | null> {
    const startedAt = generation;
    const promise = load(hash)
      .then((value) => {
        if (generation === startedAt && ttlMs > 0) {
          if (entries.size >= maxEntries) entries.clear();
          entries.set(hash, { value, expiresAt: Date.now() + ttlMs });
        }
        return value;
      })
      .finally(() => {
        if (loading.get(hash) === promise) loading.delete(hash);
      });
    loading.set(hash, promise);
    return promise;
  }

  return {
    get(hash) {
      const entry = entries.get(hash);
      if (entry && entry.expiresAt > Date.now()) return entry.value;
      return loading.get(hash) ?? startLoad(hash);
    },
    peek(hash) {
      const entry = entries.get(hash);
      return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
    },
    invalidateKey(keyId) {
      remove((key) => key.keyId === keyId);
    },
    invalidateUser(userId) {
      remove((key) => key.userId === userId);
    },
    clear() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
  };
}
