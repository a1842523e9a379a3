import type { ResolvedKey } from './key-lookup.ts';

export type KeyCache = {
  /** The key of a secret's hash (null: none): from memory when it can answer, else one database read. */
  get(hash: string): ResolvedKey | null | Promise<ResolvedKey | null>;
  /** What memory can answer for the hash without waiting: undefined when it would need a read. */
  peek(hash: string): ResolvedKey | null | undefined;
  invalidateKey(keyId: string): void;
  invalidateUser(organizationId: string): void;
  clear(): void;
};

type Entry = { value: ResolvedKey | null; readAt: number };

type KeyCacheOptions = {
  load(hash: string): Promise<ResolvedKey | null>;
  ttlMs: number;
  /** A background re-read failed; the cached answer stays until it is too old. */
  onRefreshError?(error: unknown): void;
  /** Past this many entries the cache starts over, which bounds memory against floods of bad secrets. */
  maxEntries?: number;
};

/**
 * Secrets' hashes → keys, in memory. Changes made in the portal invalidate entries at once (here and, with
 * Redis, on every instance); the TTL only bounds how long a change made behind the portal's back goes
 * unseen. An entry older than the TTL still answers while one background read refreshes it, so a key in
 * steady use never makes a request wait for the database (and the hot path never leaves its synchronous
 * branch); one older than twice the TTL is read again before answering. Misses for the same hash share
 * one read. Invalidation bumps a generation, so a read that was in flight when the key changed is not kept.
 */
export function createKeyCache({
  load,
  ttlMs,
  onRefreshError = () => {},
  maxEntries = 100_000,
}: KeyCacheOptions): KeyCache {
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
          entries.set(hash, { value, readAt: Date.now() });
        }
        return value;
      })
      .finally(() => {
        if (loading.get(hash) === promise) loading.delete(hash);
      });
    loading.set(hash, promise);
    return promise;
  }

  /** The entry's answer if memory may give it now, refreshing it in the background once it is stale. */
  function answerFromMemory(hash: string): ResolvedKey | null | undefined {
    const entry = entries.get(hash);
    if (!entry) return undefined;
    const age = Date.now() - entry.readAt;
    if (age < ttlMs) return entry.value;
    if (age >= 2 * ttlMs) return undefined;
    if (!loading.has(hash)) startLoad(hash).catch(onRefreshError);
    return entry.value;
  }

  return {
    get(hash) {
      const value = answerFromMemory(hash);
      if (value !== undefined) return value;
      return loading.get(hash) ?? startLoad(hash);
    },
    peek: answerFromMemory,
    invalidateKey(keyId) {
      remove((key) => key.keyId === keyId);
    },
    invalidateUser(organizationId) {
      remove((key) => key.organizationId === organizationId);
    },
    clear() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
  };
}
