import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { KeyCache } from './key-cache.ts';

export type KeyInvalidation = {
  /** A key changed (edited, disabled, rotated, deleted): every instance forgets it. */
  keyChanged(keyId: string): Promise<void>;
  /** An organization's plan or limits changed, or it was deleted: every instance forgets its keys. */
  organizationChanged(organizationId: string): Promise<void>;
  close(): Promise<void>;
};

// 'user' names an organization since decision 033 (the same ids); kept so instances of both releases agree.
type Message = { type: 'key' | 'user'; id: string };

/**
 * Forgets changed keys here at once and, with Redis, on every other instance through pub/sub. An
 * instance that misses a message (reconnecting) still drops the key when its cache TTL runs out.
 */
export async function createKeyInvalidation(options: {
  cache: KeyCache;
  redis: Redis | null;
  channel: string;
  log: FastifyBaseLogger;
}): Promise<KeyInvalidation> {
  const { cache, redis, channel, log } = options;
  const apply = (message: Message) => {
    if (message.type === 'key') cache.invalidateKey(message.id);
    else cache.invalidateUser(message.id);
  };

  const subscriber = redis?.duplicate() ?? null;
  if (subscriber) {
    subscriber.on('message', (_channel: string, text: string) => {
      try {
        apply(JSON.parse(text) as Message);
      } catch (error) {
        log.warn({ err: error }, 'ignored a malformed key invalidation message');
      }
    });
    // After a reconnection messages may have been missed: start over from the database.
    subscriber.on('ready', () => cache.clear());
    await subscriber.subscribe(channel);
  }

  const publish = async (message: Message) => {
    apply(message);
    if (!redis) return;
    try {
      await redis.publish(channel, JSON.stringify(message));
    } catch (error) {
      log.warn(
        { err: error },
        'key invalidation not published; other instances catch up after the cache TTL',
      );
    }
  };

  return {
    keyChanged: (id) => publish({ type: 'key', id }),
    organizationChanged: (id) => publish({ type: 'user', id }),
    async close() {
      if (subscriber) await subscriber.quit();
    },
  };
}
