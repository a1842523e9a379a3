import type { QuoteBook } from '../book.ts';
import type { DataSource, Observation } from '../types.ts';

export type FetchContext = { book: QuoteBook; now: number };

/** A live source the ingester polls. `name` is how the status page lists it. */
export type QuoteSource = {
  name: string;
  feeds: DataSource;
  /** How often the source publishes; data older than this is stale. */
  cadenceMs: number;
  /** How often the ingester asks. */
  intervalMs: number;
  fetch(context: FetchContext): Promise<Observation[]>;
};
