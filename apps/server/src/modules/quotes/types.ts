/** Where a quote comes from; the name travels in the `X-Quote-Source` header and the database rows. */
export type DataSource = 'currency-api' | 'ecb' | 'bcb-ptax';

/**
 * One pair on one day as a source saw it: the earliest, highest, lowest and latest rate observed that day
 * (in units of `quote` per one `base`), the source's own ask when it publishes one, and when the last
 * rate was valid (`asOf`, epoch milliseconds).
 */
export type Bar = {
  open: number;
  /** When the open reading was valid: readings may arrive out of order. */
  openAt: number;
  high: number;
  low: number;
  close: number;
  ask: number | null;
  asOf: number;
};

export type Observation = {
  source: DataSource;
  base: string;
  quote: string;
  /** YYYY-MM-DD, the source's own calendar day. */
  day: string;
  bar: Bar;
};

/** A bar for a single reading: open, high, low and close are the same rate. */
export function singleReading(rate: number, asOf: number, ask: number | null = null): Bar {
  return { open: rate, openAt: asOf, high: rate, low: rate, close: rate, ask, asOf };
}
