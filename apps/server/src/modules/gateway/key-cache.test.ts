import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyCache } from './key-cache.ts';
import type { ResolvedKey } from './key-lookup.ts';

const TTL = 30_000;

function key(keyId: string, enabled = true): ResolvedKey {
  return {
    keyId,
    organizationId: 'user-1',
    projectId: 'project-1',
    kind: 'public',
    enabled,
    anyOrigin: true,
    origins: new Set(['*']),
    ranges: [],
    limits: { planId: 'free', monthlyQuota: 1000, ratePerMinute: 60, maxKeys: 2, maxProjects: 1 },
    graceEndsAt: null,
    suspended: false,
    keysStopped: false,
    grant: { month: '2026-01', extraRequests: 0 },
  };
}

/** A database stand-in whose reads finish when the test says so. */
function slowDatabase() {
  const reads: { hash: string; resolve(value: ResolvedKey | null): void; reject(error: Error): void }[] = [];
  const load = vi.fn(
    (hash: string) =>
      new Promise<ResolvedKey | null>((resolve, reject) => reads.push({ hash, resolve, reject })),
  );
  return { load, reads };
}

/** A cache that has read key `k1` for hash `h`, and the database behind it. */
async function cacheHoldingK1(onRefreshError?: (error: unknown) => void) {
  const { load, reads } = slowDatabase();
  const cache = createKeyCache({ load, ttlMs: TTL, ...(onRefreshError ? { onRefreshError } : {}) });
  const first = cache.get('h');
  reads[0]!.resolve(key('k1'));
  await first;
  return { cache, load, reads };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('key cache', () => {
  it('reads a hash once and answers from memory within the TTL', async () => {
    const { load, reads } = slowDatabase();
    const cache = createKeyCache({ load, ttlMs: TTL });
    expect(cache.peek('h')).toBeUndefined();
    const first = cache.get('h');
    const second = cache.get('h');
    reads[0]!.resolve(key('k1'));
    expect(await first).toMatchObject({ keyId: 'k1' });
    expect(await second).toMatchObject({ keyId: 'k1' });
    vi.advanceTimersByTime(TTL - 1);
    expect(cache.peek('h')).toMatchObject({ keyId: 'k1' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('past the TTL answers at once with what it holds and re-reads once in the background', async () => {
    const { cache, load, reads } = await cacheHoldingK1();
    vi.advanceTimersByTime(TTL);
    // Synchronous answers, no promise: the old value while one re-read is under way.
    expect(cache.get('h')).toMatchObject({ keyId: 'k1', enabled: true });
    expect(cache.peek('h')).toMatchObject({ keyId: 'k1', enabled: true });
    expect(load).toHaveBeenCalledTimes(2);
    reads[1]!.resolve(key('k1', false));
    await vi.waitFor(() => expect(cache.peek('h')).toMatchObject({ enabled: false }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('past twice the TTL reads again before answering', async () => {
    const { cache, load, reads } = await cacheHoldingK1();
    vi.advanceTimersByTime(2 * TTL);
    expect(cache.peek('h')).toBeUndefined();
    const again = cache.get('h');
    expect(again).toBeInstanceOf(Promise);
    expect(load).toHaveBeenCalledTimes(2);
    reads[1]!.resolve(null);
    expect(await again).toBeNull();
    expect(cache.peek('h')).toBeNull();
  });

  it('keeps the old answer when a background re-read fails, and reports the failure', async () => {
    const onRefreshError = vi.fn();
    const { cache, load, reads } = await cacheHoldingK1(onRefreshError);
    vi.advanceTimersByTime(TTL + 1);
    expect(cache.get('h')).toMatchObject({ keyId: 'k1' });
    reads[1]!.reject(new Error('database down'));
    await vi.waitFor(() => expect(onRefreshError).toHaveBeenCalledTimes(1));
    expect(cache.peek('h')).toMatchObject({ keyId: 'k1' });
    // The next request tries again, still without waiting.
    expect(cache.get('h')).toMatchObject({ keyId: 'k1' });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('drops a key changed in the portal at once, and does not keep a re-read that raced the change', async () => {
    const { cache, reads } = await cacheHoldingK1();
    vi.advanceTimersByTime(TTL + 1);
    cache.get('h'); // starts a background re-read
    cache.invalidateKey('k1');
    expect(cache.peek('h')).toBeUndefined();
    reads[1]!.resolve(key('k1'));
    await Promise.resolve();
    await Promise.resolve();
    expect(cache.peek('h')).toBeUndefined();
  });
});
