/** Days are UTC calendar days everywhere on the server (decision 007): `YYYY-MM-DD` of an instant. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** `YYYY-MM-DD` of an instant (epoch milliseconds), in UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
