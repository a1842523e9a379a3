import { LRUCache } from 'lru-cache';

type Entry<V> = { value: V; expiresAt: number };

/**
 * A bounded least-recently-used map (lru-cache) with a time-to-live per entry. The expiry is kept in the
 * entry rather than in lru-cache's `ttl`, which counts an entry as fresh at exactly its age limit and
 * cannot express a cache of size 0.
 */
export class MemoryCache<V extends {}> {
  readonly #entries: LRUCache<string, Entry<V>> | null;

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#entries = maxEntries > 0 ? new LRUCache({ max: maxEntries }) : null;
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }

  get(key: string): V | undefined {
    const entry = this.#entries?.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.#entries?.delete(key);
    return undefined;
  }

  set(key: string, value: V, ttlMs = this.ttlMs): void {
    this.#entries?.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  delete(key: string): void {
    this.#entries?.delete(key);
  }

  clear(): void {
    this.#entries?.clear();
  }
}
