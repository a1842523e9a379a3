import { and, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codeDeliveryThrottle } from '../../db/schema/code-delivery-throttle.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secrets.ts';
import { HOUR_MS } from '../../lib/time.ts';

export type ThrottleSettings = { resendSeconds: number; maxPerHour: number };

/**
 * Takes the right to send one code to a destination for a purpose, or refuses with the seconds to wait.
 * The upsert only updates when the 60 s gap and the hourly cap allow, so racing requests cannot both pass.
 */
export async function claimDeliverySlot(
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
      set: {
        lastSentAt: now,
        windowStartedAt: sql`case when ${isNewWindow} then ${now.toISOString()}::timestamptz else ${codeDeliveryThrottle.windowStartedAt} end`,
        windowCount: sql`case when ${isNewWindow} then 1 else ${codeDeliveryThrottle.windowCount} + 1 end`,
      },
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
