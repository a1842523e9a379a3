import type { Bar, DataSource, Observation } from './types.ts';

/** Sources that publish a whole vector of rates against one base, so any two of them give a cross rate. */
export const VECTOR_BASES: Readonly<Partial<Record<DataSource, string>>> = {
  'currency-api': 'USD',
  ecb: 'EUR',
};

type DayRates = Map<string, Bar>;

/** How two readings of one pair on one day combine; the database applies the same rule on upsert. */
export function mergeBars(current: Bar, incoming: Bar): Bar {
  const isNewer = incoming.asOf >= current.asOf;
  const isEarlier = incoming.openAt < current.openAt;
  return {
    open: isEarlier ? incoming.open : current.open,
    openAt: Math.min(current.openAt, incoming.openAt),
    high: Math.max(current.high, incoming.high),
    low: Math.min(current.low, incoming.low),
    close: isNewer ? incoming.close : current.close,
    ask: isNewer ? incoming.ask : current.ask,
    asOf: Math.max(current.asOf, incoming.asOf),
  };
}

/**
 * Every bar the API can answer from, in memory: per source, per day, per key. The key is the quoted
 * code for vector sources (the base is implied) and `BASE-QUOTE` for direct pairs such as the PTAX.
 * `version` changes whenever data does, so prepared answers know when to go.
 */
export class QuoteBook {
  version = 0;
  readonly #sources = new Map<DataSource, Map<string, DayRates>>();
  readonly #daysDesc = new Map<DataSource, string[]>();

  static keyOf(observation: Observation): string | null {
    const base = VECTOR_BASES[observation.source];
    if (base === undefined) return `${observation.base}-${observation.quote}`;
    return observation.base === base ? observation.quote : null;
  }

  /** Merges observations in; returns how many bars changed. */
  apply(observations: readonly Observation[]): number {
    let changed = 0;
    const touched = new Set<DataSource>();
    for (const observation of observations) {
      const key = QuoteBook.keyOf(observation);
      if (key === null) continue;
      let days = this.#sources.get(observation.source);
      if (!days) {
        days = new Map();
        this.#sources.set(observation.source, days);
      }
      let rates = days.get(observation.day);
      if (!rates) {
        rates = new Map();
        days.set(observation.day, rates);
        touched.add(observation.source);
      }
      const current = rates.get(key);
      const next = current ? mergeBars(current, observation.bar) : observation.bar;
      if (current && sameBar(current, next)) continue;
      rates.set(key, next);
      changed++;
    }
    for (const source of touched) {
      this.#daysDesc.set(source, [...(this.#sources.get(source)?.keys() ?? [])].sort().reverse());
    }
    if (changed > 0) this.version++;
    return changed;
  }

  /** The source's days that have any data, newest first. */
  days(source: DataSource): readonly string[] {
    return this.#daysDesc.get(source) ?? [];
  }

  latestDay(source: DataSource): string | undefined {
    return this.days(source)[0];
  }

  bar(source: DataSource, day: string, key: string): Bar | undefined {
    return this.#sources.get(source)?.get(day)?.get(key);
  }

  keysOn(source: DataSource, day: string): Iterable<string> {
    return this.#sources.get(source)?.get(day)?.keys() ?? [];
  }

  /** The newest as-of among the source's bars on its latest day. */
  latestAsOf(source: DataSource): number | undefined {
    const day = this.latestDay(source);
    if (day === undefined) return undefined;
    let newest: number | undefined;
    for (const bar of this.#sources.get(source)?.get(day)?.values() ?? []) {
      if (newest === undefined || bar.asOf > newest) newest = bar.asOf;
    }
    return newest;
  }
}

function sameBar(a: Bar, b: Bar): boolean {
  return (
    a.open === b.open &&
    a.openAt === b.openAt &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.ask === b.ask &&
    a.asOf === b.asOf
  );
}
