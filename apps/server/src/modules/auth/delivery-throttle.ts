import { formatIpAddress, formatIpRange, parseIpAddress, parseIpRange } from '@cotacep/shared/ip-ranges';
import { and, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { codeDeliveryRefusals, type DeliveryLimitScope } from '../../db/schema/code-delivery-refusals.ts';
import { codeDeliveryThrottle } from '../../db/schema/code-delivery-throttle.ts';
import { AppError } from '../../lib/app-error.ts';
import { redactIp } from '../../lib/redact-ip.ts';
import { sha256 } from '../../lib/secrets.ts';
import { HOUR_MS } from '../../lib/time.ts';

/** Codes per hour across destinations (issue 22, SMS pumping): `CODE_MAX_PER_*_PER_HOUR`. */
export type DeliveryLimits = {
  perAccount: number;
  perIp: number;
  perPhonePrefix: number;
  perEmailDomain: number;
};

export type ThrottleSettings = {
  /** One code per destination and purpose per this many seconds… */
  resendSeconds: number;
  /** …and at most this many per hour. */
  maxPerHour: number;
  limits: DeliveryLimits;
  /** Where refusals by a limit are logged. */
  log: FastifyBaseLogger;
};

/**
 * Who asks for a code to go to a destination they typed: the signed-in account (absent on the anonymous
 * routes) and the client address. Its codes count against the hourly limits of the account, of the address
 * and of the destination's prefix (a phone's country and area code, an e-mail's domain).
 */
export type Requester = { account?: string; ip: string };

type Counter = { scope: DeliveryLimitScope; key: string; max: number; label: string };

/** Runs `work`, e.g. an INSERT, inside the transaction that takes the requester's limits. */
export type LimitedWork<T> = (tx: Db) => Promise<T>;

/**
 * Takes the right to send one code to a destination for a purpose, or refuses with the seconds to wait.
 * The upsert only updates when the 60 s gap and the hourly cap allow, so racing requests cannot both pass.
 * With a requester, the requester's hourly limits are taken in the same transaction: one refusal and
 * nothing is counted or stored.
 */
export async function claimDeliverySlot(
  db: Db,
  settings: ThrottleSettings,
  purpose: string,
  destination: string,
  requester?: Requester,
): Promise<void> {
  if (!requester) return claimDestination(db, settings, purpose, destination);
  await withinDeliveryLimits(db, settings, { purpose, destination, requester }, (tx) =>
    claimDestination(tx, settings, purpose, destination),
  );
}

/**
 * Counts one code to `destination` against the requester's hourly limits, atomically with `work` (run
 * first, in the same transaction). Over a limit: the transaction rolls back, so nothing `work` wrote stays,
 * the refusal is counted and logged, and the answer is a 429 `CodeDeliveryLimitExceeded` with Retry-After.
 * Every counter is taken by one conditional upsert, so parallel requests never pass a limit.
 */
export async function withinDeliveryLimits<T>(
  db: Db,
  settings: ThrottleSettings,
  request: { purpose: string; destination: string; requester: Requester },
  work: LimitedWork<T>,
): Promise<T> {
  const counters = countersFor(settings.limits, request.destination, request.requester);
  const now = new Date();
  let refusal: { counter: Counter; retryAfter: number } | undefined;
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx as unknown as Db);
      refusal = await takeCounters(tx as unknown as Db, counters, now);
      if (refusal) tx.rollback();
      return result;
    });
  } catch (error) {
    if (!refusal) throw error;
    await recordRefusal(db, settings.log, refusal.counter, request.purpose, refusal.retryAfter, now);
    const { retryAfter } = refusal;
    throw new AppError('CodeDeliveryLimitExceeded', { retryAfter }, { 'retry-after': String(retryAfter) });
  }
}

/** Refusals counted so far per limit (all hours), for tests and a quick look. */
export async function countDeliveryRefusals(db: Db): Promise<Partial<Record<DeliveryLimitScope, number>>> {
  const rows = await db
    .select({
      scope: codeDeliveryRefusals.scope,
      count: sql<number>`sum(${codeDeliveryRefusals.count})::int`,
    })
    .from(codeDeliveryRefusals)
    .groupBy(codeDeliveryRefusals.scope);
  return Object.fromEntries(rows.map((row) => [row.scope, row.count]));
}

async function claimDestination(
  db: Db,
  settings: ThrottleSettings,
  purpose: string,
  destination: string,
): Promise<void> {
  const now = new Date();
  const key = sha256(`${purpose}:${destination.toLowerCase()}`);
  const gapStart = new Date(now.getTime() - settings.resendSeconds * 1000);
  const hourStart = new Date(now.getTime() - HOUR_MS);
  const isNewWindow = sql`${codeDeliveryThrottle.windowStartedAt} <= ${hourStart.toISOString()}::timestamptz`;
  const claimed = await db
    .insert(codeDeliveryThrottle)
    .values({ key, lastSentAt: now, windowStartedAt: now, windowCount: 1 })
    .onConflictDoUpdate({
      target: codeDeliveryThrottle.key,
      set: windowUpdate(now, isNewWindow),
      setWhere: and(
        lt(codeDeliveryThrottle.lastSentAt, gapStart),
        or(isNewWindow, lt(codeDeliveryThrottle.windowCount, settings.maxPerHour)),
      ),
    })
    .returning({ key: codeDeliveryThrottle.key });
  if (claimed.length > 0) return;
  const [row] = await db.select().from(codeDeliveryThrottle).where(sql`${codeDeliveryThrottle.key} = ${key}`);
  const gapWait = row ? row.lastSentAt.getTime() + settings.resendSeconds * 1000 - now.getTime() : 0;
  const hourWait =
    row && row.windowCount >= settings.maxPerHour
      ? row.windowStartedAt.getTime() + HOUR_MS - now.getTime()
      : 0;
  const retryAfter = Math.max(1, Math.ceil(Math.max(gapWait, hourWait) / 1000));
  throw new AppError('TooManyRequests', { retryAfter }, { 'retry-after': String(retryAfter) });
}

/** A window of an hour from the first code in it: a fresh window starts at 1, else the count goes up. */
function windowUpdate(now: Date, isNewWindow: SQL) {
  return {
    lastSentAt: now,
    windowStartedAt: sql`case when ${isNewWindow} then ${now.toISOString()}::timestamptz else ${codeDeliveryThrottle.windowStartedAt} end`,
    windowCount: sql`case when ${isNewWindow} then 1 else ${codeDeliveryThrottle.windowCount} + 1 end`,
  };
}

/**
 * One upsert for every counter, in key order (parallel transactions lock the rows in the same order); a
 * row is only updated while it is under its own limit, and a missing one in RETURNING is the refusal.
 */
async function takeCounters(db: Db, counters: Counter[], now: Date) {
  if (counters.length === 0) return undefined;
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
  const hourStart = new Date(now.getTime() - HOUR_MS);
  const isNewWindow = sql`${codeDeliveryThrottle.windowStartedAt} <= ${hourStart.toISOString()}::timestamptz`;
  const limitOfRow = sql`case ${codeDeliveryThrottle.key} ${sql.join(
    sorted.map((counter) => sql`when ${counter.key} then ${counter.max}::integer`),
    sql` `,
  )} end`;
  const taken = await db
    .insert(codeDeliveryThrottle)
    .values(sorted.map(({ key }) => ({ key, lastSentAt: now, windowStartedAt: now, windowCount: 1 })))
    .onConflictDoUpdate({
      target: codeDeliveryThrottle.key,
      set: windowUpdate(now, isNewWindow),
      setWhere: or(isNewWindow, lt(codeDeliveryThrottle.windowCount, limitOfRow)),
    })
    .returning({ key: codeDeliveryThrottle.key });
  if (taken.length === sorted.length) return undefined;
  const takenKeys = new Set(taken.map((row) => row.key));
  const refused = sorted.filter((counter) => !takenKeys.has(counter.key));
  const rows = await db
    .select({ key: codeDeliveryThrottle.key, windowStartedAt: codeDeliveryThrottle.windowStartedAt })
    .from(codeDeliveryThrottle)
    .where(
      inArray(
        codeDeliveryThrottle.key,
        refused.map((counter) => counter.key),
      ),
    );
  // The limit that frees up last is the one to wait for.
  const waits = refused.map((counter) => {
    const started = rows.find((row) => row.key === counter.key)?.windowStartedAt.getTime() ?? now.getTime();
    return { counter, retryAfter: Math.max(1, Math.ceil((started + HOUR_MS - now.getTime()) / 1000)) };
  });
  return waits.reduce((longest, wait) => (wait.retryAfter > longest.retryAfter ? wait : longest));
}

async function recordRefusal(
  db: Db,
  log: FastifyBaseLogger,
  counter: Counter,
  purpose: string,
  retryAfter: number,
  now: Date,
): Promise<void> {
  log.warn(
    { event: 'code_delivery_refused', limit: counter.scope, limitValue: counter.label, purpose, retryAfter },
    'code not sent: hourly delivery limit reached',
  );
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  await db
    .insert(codeDeliveryRefusals)
    .values({ scope: counter.scope, hour, count: 1 })
    .onConflictDoUpdate({
      target: [codeDeliveryRefusals.scope, codeDeliveryRefusals.hour],
      set: { count: sql`${codeDeliveryRefusals.count} + 1` },
    });
}

function countersFor(limits: DeliveryLimits, destination: string, requester: Requester): Counter[] {
  const counter = (scope: DeliveryLimitScope, value: string, max: number, label = value): Counter => ({
    scope,
    key: sha256(`limit:${scope}:${value}`),
    max,
    label,
  });
  // Its log label is the /24 (IPv6 /48): no log line holds a full address.
  const counters = [counter('ip', clientNetwork(requester.ip), limits.perIp, redactIp(requester.ip))];
  if (requester.account) counters.push(counter('account', requester.account, limits.perAccount));
  const phone = phonePrefix(destination);
  if (phone) counters.push(counter('phone_prefix', phone, limits.perPhonePrefix));
  const domain = emailDomain(destination);
  if (domain) counters.push(counter('email_domain', domain, limits.perEmailDomain));
  return counters;
}

/** An IPv4 address, or the /64 of an IPv6 one (a single host usually holds the whole /64). */
export function clientNetwork(ip: string): string {
  const address = parseIpAddress(ip);
  if (!address) return ip;
  if (address.version === 4) return formatIpAddress(address);
  return formatIpRange(parseIpRange(`${formatIpAddress(address)}/64`)!);
}

/** ITU-T E.164 country codes of one and two digits; every other code has three. */
const SHORT_COUNTRY_CODES = new Set([
  '1',
  '7',
  ...'20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
]);

/**
 * The country code and the area code of an E.164 number, as in "+55 11": pumping goes through ranges of
 * numbers, so the limit is per prefix. The area code is taken as the next two digits (three in the North
 * American plan, +1), which is Brazil's DDD and close enough elsewhere.
 */
export function phonePrefix(destination: string): string | undefined {
  const match = /^\+(\d{8,15})$/.exec(destination);
  if (!match) return undefined;
  const digits = match[1]!;
  const countryLength = SHORT_COUNTRY_CODES.has(digits[0]!)
    ? 1
    : SHORT_COUNTRY_CODES.has(digits.slice(0, 2))
      ? 2
      : 3;
  const areaLength = digits[0] === '1' ? 3 : 2;
  return `+${digits.slice(0, countryLength)} ${digits.slice(countryLength, countryLength + areaLength)}`;
}

/** The domain of an e-mail address, lower-cased. */
export function emailDomain(destination: string): string | undefined {
  const at = destination.lastIndexOf('@');
  return at > 0 ? destination.slice(at + 1).toLowerCase() : undefined;
}
