/**
 * Keyed load for the metering reliability tests: `total` requests with one key, `concurrency` at a time,
 * spread over the given servers in turn. A request is acknowledged when its whole answer arrived; one cut
 * off by a killed server is not.
 */
export type LoadResult = {
  /** Answers of 2xx and 304 received whole, the ones a customer pays for. */
  acknowledged: number;
  /** When each acknowledged answer arrived (`Date.now()`), in order: the traffic of any window of the run. */
  acknowledgedAt: number[];
  statuses: Map<number, number>;
  failed: number;
  elapsedMs: number;
};

type LoadOptions = {
  urls: () => string[];
  secret: string;
  total: number;
  concurrency: number;
  path?: string;
  /** Called after each acknowledged answer with the count so far (to kill a server mid-load, say). */
  onAcknowledged?: (acknowledged: number) => void;
  /** Called with every answer received whole: its status, its body and when it arrived. */
  onAnswer?: (answer: { status: number; body: string; at: number }) => void;
};

export async function fireKeyedLoad(options: LoadOptions): Promise<LoadResult> {
  const { secret, total, concurrency, path = '/quotes/json/last/USD-BRL' } = options;
  const result: LoadResult = {
    acknowledged: 0,
    acknowledgedAt: [],
    statuses: new Map(),
    failed: 0,
    elapsedMs: 0,
  };
  const started = Date.now();
  let next = 0;
  async function worker() {
    while (next < total) {
      const urls = options.urls();
      const url = urls[next % urls.length]!;
      next += 1;
      try {
        const response = await fetch(`${url}${path}`, { headers: { 'x-api-key': secret } });
        const body = await response.text();
        result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1);
        options.onAnswer?.({ status: response.status, body, at: Date.now() });
        if ((response.status >= 200 && response.status < 300) || response.status === 304) {
          result.acknowledged += 1;
          result.acknowledgedAt.push(Date.now());
          options.onAcknowledged?.(result.acknowledged);
        }
      } catch {
        result.failed += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  result.elapsedMs = Date.now() - started;
  return result;
}

/** How many of `times` (ms, ascending) fall in `(from, to]`. */
export function countWithin(times: number[], from: number, to: number): number {
  return times.filter((at) => at > from && at <= to).length;
}

/** `4,211`: figures printed next to their targets, as the bench prints them. */
export const figure = (value: number) => value.toLocaleString('en-US');
