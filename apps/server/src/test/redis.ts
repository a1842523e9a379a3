import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/15) or null: Redis tests skip when it is unset. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? null;

/** A key prefix of one's own, and a way to delete every key under it afterwards. */
export function redisNamespace() {
  const prefix = `cotacep-test:${randomBytes(6).toString('hex')}:`;
  return {
    prefix,
    async clean(): Promise<number> {
      if (!TEST_REDIS_URL) return 0;
      const redis = new Redis(TEST_REDIS_URL);
      try {
        let removed = 0;
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          cursor = next;
          if (keys.length > 0) removed += await redis.del(...keys);
        } while (cursor !== '0');
        return removed;
      } finally {
        redis.disconnect();
      }
    },
  };
}
