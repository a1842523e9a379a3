import { describe, expect, it } from 'vitest';
import { MemoryCache } from './memory-cache.ts';

describe('memory cache', () => {
  it('evicts the least recently used entry beyond its size', () => {
    const cache = new MemoryCache<number>(2, 1000);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('forgets an entry once its time is up', () => {
    let now = 0;
    const cache = new MemoryCache<string>(10, 100, () => now);
    cache.set('a', 'x');
    cache.set('b', 'y', 500);
    now = 99;
    expect(cache.get('a')).toBe('x');
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('y');
    expect(cache.size).toBe(1);
  });

  it('size 0 keeps nothing', () => {
    const cache = new MemoryCache<number>(0, 1000);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});
