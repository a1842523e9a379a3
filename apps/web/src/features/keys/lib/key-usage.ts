/** A key's figures from the usage API; the app hands them in, since usage is read by another feature. */
export type KeyUsage = {
  keyId: string;
  /** Requests counted against the quota this period. */
  used: number;
  /** Every answer per day over the last days, oldest first. */
  days?: number[];
};

export const SPARKLINE_DAYS = 15;

/** The last 15 days, oldest first: a missing or short series reads as days without requests. */
export function lastDays(days: number[] = []): number[] {
  const recent = days.slice(-SPARKLINE_DAYS);
  return [...Array<number>(SPARKLINE_DAYS - recent.length).fill(0), ...recent];
}
