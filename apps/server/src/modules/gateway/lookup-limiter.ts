type Window = { minute: number; count: number };

/**
 * Unknown secrets cost a database read each. Past `maxPerMinute` unknown secrets from one client IP in a
 * minute, that client's secrets that are not already cached are refused without reading. Per instance,
 * in memory: it protects this instance's database connections, not a quota.
 */
export function createLookupLimiter(maxPerMinute: number) {
  const failures = new Map<string, Window>();
  return {
    isBlocked(ip: string, minute: number): boolean {
      const window = failures.get(ip);
      return window !== undefined && window.minute === minute && window.count >= maxPerMinute;
    },
    recordFailure(ip: string, minute: number): void {
      const window = failures.get(ip);
      if (window && window.minute === minute) {
        window.count += 1;
        return;
      }
      if (failures.size >= 100_000) {
        for (const [staleIp, stale] of failures) if (stale.minute !== minute) failures.delete(staleIp);
      }
      failures.set(ip, { minute, count: 1 });
    },
  };
}
