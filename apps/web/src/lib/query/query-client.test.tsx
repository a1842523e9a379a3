import {
  QUERY_GC_TIME_MS,
  QUERY_PERSIST_MAX_AGE_MS,
  QUERY_PERSIST_THROTTLE_MS,
  QUERY_STALE_TIME_MS,
} from '@cotacep/shared/constants';
import { dehydrate, type QueryClient, useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { cleanup, render } from '@testing-library/react';
import { compressToUTF16, decompressFromUTF16 } from 'lz-string';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test-storage.ts';
import { createQueryClient, createQueryPersistOptions, QUERY_CACHE_STORAGE_KEY } from './query-client.ts';

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
});
afterEach(() => cleanup());

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function OnRestored({ onRestored }: { onRestored: () => void }) {
  const isRestoring = useIsRestoring();
  useEffect(() => {
    if (!isRestoring) onRestored();
  }, [isRestoring, onRestored]);
  return null;
}

/** Mounts the provider the app uses and resolves once it has restored and started persisting. */
async function mountPersisted(target: Storage = storage): Promise<QueryClient> {
  const queryClient = createQueryClient();
  await new Promise<void>((resolve) => {
    render(
      <PersistQueryClientProvider client={queryClient} persistOptions={createQueryPersistOptions(target)}>
        <OnRestored onRestored={resolve} />
      </PersistQueryClientProvider>,
    );
  });
  return queryClient;
}

/** Writes a persisted cache as the app would have, with a chosen age and version. */
function writePersisted(timestamp: number, buster: string) {
  const source = createQueryClient();
  source.setQueryData(['quotes', 'USD-BRL'], { bid: 5.1 });
  const persisted = { timestamp, buster, clientState: dehydrate(source) };
  storage.setItem(QUERY_CACHE_STORAGE_KEY, compressToUTF16(JSON.stringify(persisted)));
}

describe('query client (spec §9)', () => {
  it('keeps data fresh for 10 minutes and collects it 1 minute after its last use', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(queries?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect([QUERY_STALE_TIME_MS, QUERY_GC_TIME_MS]).toEqual([600_000, 60_000]);
  });

  it('persists with the spec limits and the app version as buster', () => {
    const options = createQueryPersistOptions(storage);
    expect(options.maxAge).toBe(QUERY_PERSIST_MAX_AGE_MS);
    expect(QUERY_PERSIST_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000);
    expect(options.buster).toBe(__APP_VERSION__);
    expect(QUERY_PERSIST_THROTTLE_MS).toBe(1000);
  });

  it('writes to the browser session storage by default', async () => {
    const queryClient = await mountPersisted(window.sessionStorage);
    queryClient.setQueryData(['plans'], ['free']);
    await wait(QUERY_PERSIST_THROTTLE_MS + 100);
    expect(window.sessionStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeTruthy();
    expect(window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  });

  it('writes the cache compressed, not as plain JSON, and restores it on the next visit', async () => {
    const queryClient = await mountPersisted();
    queryClient.setQueryData(['keys'], [{ id: 'k_1', description: 'site' }]);
    await wait(QUERY_PERSIST_THROTTLE_MS + 100);
    const stored = storage.getItem(QUERY_CACHE_STORAGE_KEY)!;
    expect(stored).toBeTruthy();
    expect(() => JSON.parse(stored)).toThrow();
    expect(stored).not.toContain('site');
    const persisted = JSON.parse(decompressFromUTF16(stored));
    expect(persisted.buster).toBe(__APP_VERSION__);
    expect(stored.length).toBeLessThan(JSON.stringify(persisted).length);
    cleanup();

    const restored = await mountPersisted();
    expect(restored.getQueryData(['keys'])).toEqual([{ id: 'k_1', description: 'site' }]);
  });

  it('throttles writes: several changes within a second make one write of the latest state', async () => {
    const queryClient = await mountPersisted();
    const before = storage.writes;
    for (let n = 1; n <= 5; n += 1) {
      queryClient.setQueryData(['usage'], { n });
      await wait(50);
    }
    expect(storage.writes).toBe(before);
    await wait(QUERY_PERSIST_THROTTLE_MS);
    expect(storage.writes).toBe(before + 1);
    cleanup();
    expect((await mountPersisted()).getQueryData(['usage'])).toEqual({ n: 5 });
  });

  it('restores a cache just under 24 hours old', async () => {
    writePersisted(Date.now() - QUERY_PERSIST_MAX_AGE_MS + 60_000, __APP_VERSION__);
    expect((await mountPersisted()).getQueryData(['quotes', 'USD-BRL'])).toEqual({ bid: 5.1 });
  });

  it('does not restore a cache older than 24 hours, and removes it', async () => {
    writePersisted(Date.now() - QUERY_PERSIST_MAX_AGE_MS - 1000, __APP_VERSION__);
    expect((await mountPersisted()).getQueryData(['quotes', 'USD-BRL'])).toBeUndefined();
    expect(storage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  });

  it('does not restore a cache written by another app version, and removes it', async () => {
    writePersisted(Date.now(), 'another-version');
    expect((await mountPersisted()).getQueryData(['quotes', 'USD-BRL'])).toBeUndefined();
    expect(storage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  });

  it('drops a stored cache that cannot be read', async () => {
    storage.setItem(QUERY_CACHE_STORAGE_KEY, '{"timestamp": 1, plain json');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queryClient = await mountPersisted();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(storage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
