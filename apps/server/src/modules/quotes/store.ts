import { gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quoteDaily } from '../../db/schema/quote-daily.ts';
import { quoteLatest } from '../../db/schema/quote-latest.ts';
import { mergeBars } from './book.ts';
import type { DataSource, Observation } from './types.ts';

const CHUNK = 500;

/** Stored bars from `sinceDay` on, for filling the in-memory book at start. */
export async function loadObservations(db: Db, sinceDay: string): Promise<Observation[]> {
  const rows = await db.select().from(quoteDaily).where(gte(quoteDaily.day, sinceDay));
  return rows.map((row) => ({
    source: row.source as DataSource,
    base: row.base,
    quote: row.quote,
    day: row.day,
    bar: {
      open: row.open,
      openAt: (row.openAt ?? row.asOf).getTime(),
      high: row.high,
      low: row.low,
      close: row.close,
      ask: row.ask,
      asOf: row.asOf.getTime(),
    },
  }));
}

/**
 * Upserts with the same rule as the in-memory merge (book.ts `mergeBars`): the range widens, the
 * close and ask follow the newest reading, the open stays with the oldest.
 */
export async function saveObservations(db: Db, incoming: readonly Observation[]): Promise<void> {
  // One statement may not touch a row twice, so readings of the same pair and day are merged first.
  const merged = new Map<string, Observation>();
  for (const observation of incoming) {
    const key = `${observation.source}|${observation.base}|${observation.quote}|${observation.day}`;
    const current = merged.get(key);
    merged.set(key, current ? { ...current, bar: mergeBars(current.bar, observation.bar) } : observation);
  }
  const observations = [...merged.values()];
  for (let start = 0; start < observations.length; start += CHUNK) {
    const chunk = observations.slice(start, start + CHUNK);
    await db
      .insert(quoteDaily)
      .values(
        chunk.map(({ source, base, quote, day, bar }) => ({
          source,
          base,
          quote,
          day,
          open: bar.open,
          openAt: new Date(bar.openAt),
          high: bar.high,
          low: bar.low,
          close: bar.close,
          ask: bar.ask,
          asOf: new Date(bar.asOf),
        })),
      )
      .onConflictDoUpdate({
        target: [quoteDaily.source, quoteDaily.base, quoteDaily.quote, quoteDaily.day],
        set: {
          open: sql`case when excluded.open_at < coalesce(${quoteDaily.openAt}, ${quoteDaily.asOf}) then excluded.open else ${quoteDaily.open} end`,
          openAt: sql`least(coalesce(${quoteDaily.openAt}, ${quoteDaily.asOf}), excluded.open_at)`,
          high: sql`greatest(${quoteDaily.high}, excluded.high)`,
          low: sql`least(${quoteDaily.low}, excluded.low)`,
          close: sql`case when excluded.as_of >= ${quoteDaily.asOf} then excluded.close else ${quoteDaily.close} end`,
          ask: sql`case when excluded.as_of >= ${quoteDaily.asOf} then excluded.ask else ${quoteDaily.ask} end`,
          asOf: sql`greatest(${quoteDaily.asOf}, excluded.as_of)`,
          updatedAt: sql`now()`,
        },
      });
  }
  await saveLatest(db, observations);
}

async function saveLatest(db: Db, observations: readonly Observation[]): Promise<void> {
  const newest = new Map<string, Observation>();
  for (const observation of observations) {
    const key = `${observation.source}|${observation.base}|${observation.quote}`;
    const current = newest.get(key);
    if (!current || observation.bar.asOf >= current.bar.asOf) newest.set(key, observation);
  }
  const latest = [...newest.values()];
  for (let start = 0; start < latest.length; start += CHUNK) {
    await db
      .insert(quoteLatest)
      .values(
        latest.slice(start, start + CHUNK).map(({ source, base, quote, bar }) => ({
          source,
          base,
          quote,
          bid: bar.close,
          ask: bar.ask,
          asOf: new Date(bar.asOf),
        })),
      )
      .onConflictDoUpdate({
        target: [quoteLatest.source, quoteLatest.base, quoteLatest.quote],
        set: {
          bid: sql`excluded.bid`,
          ask: sql`excluded.ask`,
          asOf: sql`excluded.as_of`,
          fetchedAt: sql`now()`,
        },
        setWhere: sql`excluded.as_of >= ${quoteLatest.asOf}`,
      });
  }
}
