import type { Redis } from 'ioredis';

/**
 * The Lua scripts of usage counted in Redis (decision 018). Every answer adds one to a field of one hash
 * (`pending`), named `account|project|key|day|hour|status`; `@key` fields keep the keys' last use. A flush
 * renames that hash to `flushing:<id>` (any instance, atomically), writes it to the database with its id,
 * then deletes it; `index` lists the batches taken and when, so a batch whose flusher died is taken over.
 * The scripts name keys of more than one account: one Redis, not a cluster.
 */

/** KEYS: pending, quota · ARGV: field, gives the unit back (1/0), last-use field, now (ms). */
const SETTLE = `
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
local last = tonumber(redis.call('HGET', KEYS[1], ARGV[3]))
if not last or last < tonumber(ARGV[4]) then redis.call('HSET', KEYS[1], ARGV[3], ARGV[4]) end
if ARGV[2] == '1' then
  local used = tonumber(redis.call('GET', KEYS[2]))
  if used and used > 0 then redis.call('DECR', KEYS[2]) end
end
return 1
`;

/** KEYS: pending, flushing:<id>, index · ARGV: id, now. 1 when there was something to take. */
const TAKE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
return 1
`;

/** KEYS: index · ARGV: now, stale after (ms). The ids of batches taken that long ago, now this caller's. */
const CLAIM_STALE = `
local claimed = {}
local entries = redis.call('HGETALL', KEYS[1])
for i = 1, #entries, 2 do
  if tonumber(entries[i + 1]) < tonumber(ARGV[1]) - tonumber(ARGV[2]) then
    redis.call('HSET', KEYS[1], entries[i], ARGV[1])
    claimed[#claimed + 1] = entries[i]
  end
end
return claimed
`;

/** KEYS: flushing:<id>, index · ARGV: id. The batch is in the database: its Redis copy goes. */
const DONE = `
redis.call('DEL', KEYS[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
`;

/**
 * KEYS: pending, index · ARGV: prefix of the flushing keys, field pattern (`account|*`). Triples of batch id
 * ('' for pending), field and count: one account's usage not yet known to be in the database.
 */
const UNFLUSHED = `
local found = {}
local function collect(key, id)
  local cursor = '0'
  repeat
    local page = redis.call('HSCAN', key, cursor, 'MATCH', ARGV[2], 'COUNT', 1000)
    cursor = page[1]
    for i = 1, #page[2], 2 do
      found[#found + 1] = id
      found[#found + 1] = page[2][i]
      found[#found + 1] = page[2][i + 1]
    end
  until cursor == '0'
end
collect(KEYS[1], '')
for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do collect(ARGV[1] .. id, id) end
return found
`;

/**
 * KEYS: marker · ARGV: the value it takes when missing. The meter writes the marker when it starts and it
 * never expires, so found missing it says Redis lost its data since (a restart without persistence, a
 * failover to an empty replica). Returns the marker's value.
 */
const MARKER = `
local value = redis.call('GET', KEYS[1])
if value then return value end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
`;

export type UsageRedis = Redis & {
  cotacepUsageSettle(
    pending: string,
    quota: string,
    field: string,
    release: 0 | 1,
    lastUseField: string,
    now: number,
  ): Promise<number>;
  cotacepUsageTake(
    pending: string,
    flushing: string,
    index: string,
    id: string,
    now: number,
  ): Promise<number>;
  cotacepUsageClaimStale(index: string, now: number, staleMs: number): Promise<string[]>;
  cotacepUsageDone(flushing: string, index: string, id: string): Promise<number>;
  cotacepUsageUnflushed(
    pending: string,
    index: string,
    flushingPrefix: string,
    pattern: string,
  ): Promise<string[]>;
  cotacepUsageMarker(marker: string, whenMissing: string): Promise<string>;
};

const scripted = new WeakSet<Redis>();

/** The scripts as commands: ioredis sends EVALSHA, and the body only when Redis lacks it. */
export function withUsageScripts(client: Redis): UsageRedis {
  if (!scripted.has(client)) {
    client.defineCommand('cotacepUsageSettle', { numberOfKeys: 2, lua: SETTLE });
    client.defineCommand('cotacepUsageTake', { numberOfKeys: 3, lua: TAKE });
    client.defineCommand('cotacepUsageClaimStale', { numberOfKeys: 1, lua: CLAIM_STALE });
    client.defineCommand('cotacepUsageDone', { numberOfKeys: 2, lua: DONE });
    client.defineCommand('cotacepUsageUnflushed', { numberOfKeys: 2, lua: UNFLUSHED });
    client.defineCommand('cotacepUsageMarker', { numberOfKeys: 1, lua: MARKER });
    scripted.add(client);
  }
  return client as UsageRedis;
}
