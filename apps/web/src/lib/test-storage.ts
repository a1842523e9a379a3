/**
 * An in-memory Web Storage for tests that run in Node, which has no localStorage or sessionStorage.
 * Node-environment tests import this file first: src/test/setup.ts clears both storages after each test.
 */
export class MemoryStorage implements Storage {
  [name: string]: unknown;
  readonly #items = new Map<string, string>();
  /** How many times setItem ran, so tests can observe write throttling. */
  writes = 0;

  get length(): number {
    return this.#items.size;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.writes += 1;
    this.#items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  clear(): void {
    this.#items.clear();
  }
}

/** Installs fresh in-memory storages as the global localStorage and sessionStorage. */
export function installTestStorage(): { localStorage: MemoryStorage; sessionStorage: MemoryStorage } {
  const storages = { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() };
  Object.assign(globalThis, storages);
  return storages;
}

if (typeof globalThis.localStorage === 'undefined') installTestStorage();
