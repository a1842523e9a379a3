/**
 * What the load parts of the bench (`login-storm.ts`, `dashboard-under-load.ts`) share: percentiles of
 * recorded response times (autocannon's own summary has no p95), the verdict printed next to a target, the
 * machine's load to print beside the figures, and a time bound on each part.
 */
import os from 'node:os';

export type Percentiles = { count: number; p50: number; p95: number; p99: number };

/** Nearest-rank percentiles of response times in ms. */
export function percentiles(times: number[]): Percentiles {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

export const verdict = (isMet: boolean) => (isMet ? 'met' : 'MISSED');

/** Cores and load average, printed with the figures: on a shared machine they explain much of them. */
export function machineLine(): string {
  const [oneMinute] = os.loadavg();
  return `${os.availableParallelism()} cores, load average ${oneMinute!.toFixed(1)} (1 min)`;
}

/** Runs one part of the bench, failing it if it takes longer than `seconds` (server start excluded). */
export async function withinSeconds<T>(seconds: number, label: string, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} took longer than ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([run(), bound]);
  } finally {
    clearTimeout(timer);
  }
}
