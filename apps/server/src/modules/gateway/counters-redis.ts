import type { Redis } from 'ioredis';
import { quotaKeyOf } from '../usage/quota-key.ts';
import type { Admission, AdmissionRequest, Counters } from './counters.ts';

/**
 * One round trip per request: the rate window and the quota are checked and counted by one Lua script,
 * which Redis runs atomically. Both keys of an account share a hash tag, so the script also runs on a
 * cluster. A quota refusal gives its unit back, and so does an admitted request whose answer does not use
 * quota (RELEASE), so the quota key holds the month's successful answers plus the requests in flight.
 * A missing quota key means a cold start (or a Redis that lost its data): the caller seeds it with SET NX
 * from the database plus the usage Redis holds unwritten (decision 018), so two instances seeding at once
 * agree on one value.
 */
const ADMIT = `
if redis.call('EXISTS', KEYS[2]) == 0 then return {-1, 0, 0} end
local rate = redis.call('INCR', KEYS[1])
if rate == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if rate > tonumber(ARGV[1]) then return {1, rate, tonumber(redis.call('GET', KEYS[2]))} end
local used = redis.call('INCR', KEYS[2])
if used > tonumber(ARGV[3]) then
  redis.call('DECR', KEYS[2])
  return {2, rate, used - 1}
end
return {0, rate, used}
`;

/** A unit given back; never below zero, and never on a key that is gone (that would start a month at -1). */
const RELEASE = `
local used = tonumber(redis.call('GET', KEYS[1]))
if used and used > 0 then return redis.call('DECR', KEYS[1]) end
return used
`;

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
`;

const WINDOW_TTL_SECONDS = 120;
/** A month's quota key outlives the month a little, then Redis drops it. */
const QUOTA_TTL_SECONDS = 40 * 86_400;
const OUTCOMES = ['admitted', 'rate_limited', 'quota_exceeded'] as const;

type AdmitReply = [number, number, number];

/** The scripts as commands: ioredis sends EVALSHA and the script body only when Redis lacks it. */
type ScriptedRedis = Redis & {
  cotacepAdmit(rateKey: string, quotaKey: string, ...args: number[]): Promise<AdmitReply>;
  cotacepHit(key: string, ttl: number): Promise<number>;
  cotacepRelease(quotaKey: string): Promise<number | null>;
};

const scripted = new WeakSet<Redis>();

export function createRedisCounters(
  client: Redis,
  keyPrefix: string,
  onError: (error: unknown) => void,
): Counters {
  if (!scripted.has(client)) {
    client.defineCommand('cotacepAdmit', { numberOfKeys: 2, lua: ADMIT });
    client.defineCommand('cotacepHit', { numberOfKeys: 1, lua: HIT });
    client.defineCommand('cotacepRelease', { numberOfKeys: 1, lua: RELEASE });
    scripted.add(client);
  }
  const redis = client as ScriptedRedis;
  const rateKey = (request: AdmissionRequest) => `${keyPrefix}{${request.accountId}}:rate:${request.minute}`;
  const quotaKey = (request: AdmissionRequest) => quotaKeyOf(keyPrefix, request.accountId, request.month);

  async function runAdmit(request: AdmissionRequest): Promise<AdmitReply> {
    return redis.cotacepAdmit(
      rateKey(request),
      quotaKey(request),
      request.ratePerMinute,
      WINDOW_TTL_SECONDS,
      request.monthlyQuota,
    );
  }

  // Requests arriving together at a cold counter share one database read. A seed stays shared until the
  // next turn of the event loop: an admission sent before the seed's SET can read its "cold" answer in the
  // same socket read as the SET's reply, and its continuation may run a few microtasks after the seed ends.
  const seeding = new Map<string, Promise<unknown>>();
  function seed(request: AdmissionRequest): Promise<unknown> {
    const key = quotaKey(request);
    let pending = seeding.get(key);
    if (!pending) {
      pending = request
        .loadMonthUsage(request.accountId, request.month, request.ratePerMinute)
        .then((used) => redis.set(key, used, 'EX', QUOTA_TTL_SECONDS, 'NX'))
        .finally(() => setImmediate(() => seeding.delete(key)));
      seeding.set(key, pending);
    }
    return pending;
  }

  return {
    kind: 'redis',
    async admit(request): Promise<Admission> {
      let reply = await runAdmit(request);
      if (reply[0] === -1) {
        await seed(request);
        reply = await runAdmit(request);
        if (reply[0] === -1) throw new Error('quota counter vanished right after it was seeded');
      }
      const [code, rateCount, quotaUsed] = reply;
      return { outcome: OUTCOMES[code] ?? 'rate_limited', rateCount, quotaUsed };
    },
    release(accountId, month) {
      // Sent on the connection the admissions use, so it reaches Redis after the admission it undoes.
      redis.cotacepRelease(quotaKeyOf(keyPrefix, accountId, month)).catch(onError);
    },
    async hit(key, limit, minute) {
      const count = await redis.cotacepHit(`${keyPrefix}hit:${key}:${minute}`, WINDOW_TTL_SECONDS);
      return { allowed: count <= limit, count };
    },
    async close() {},
  };
}
