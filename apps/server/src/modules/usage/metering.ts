/**
 * How the gateway counts answers (decision 018): in process with batched writes when there is no Redis
 * (`local-metering.ts`), in Redis in the same script that settles the quota unit when there is
 * (`redis-metering.ts`). Both write the same rows to the same tables.
 */
export type MeteredAnswer = {
  organizationId: string;
  projectId: string;
  keyId: string;
  /** UTC `YYYY-MM-DD` and `YYYY-MM` of the admission. */
  day: string;
  month: string;
  status: number;
  now: number;
  /** The admission took a quota unit and this answer does not use it (not 2xx/304): it goes back. */
  releasesUnit: boolean;
};

export type Metering = {
  kind: 'local' | 'redis';
  /**
   * Counts one answer and gives back its unit when asked. Called right before the answer is written and
   * returns at once: with Redis the command is on its way to Redis before the answer is on its way to the
   * client, so no answer a client received can go uncounted.
   */
  settle(answer: MeteredAnswer): void;
  /** Writes what is counted so far to the usage tables; false when the database refused (nothing lost). */
  flush(): Promise<boolean>;
  /**
   * Where a cold quota counter starts: the month's 2xx/304 in the database plus those counted but not yet
   * written, plus (in process, after a crash) a margin for what the crash lost (decision 018).
   */
  monthQuotaUse(organizationId: string, month: string, ratePerMinute: number): Promise<number>;
  /** When counted usage was last written with nothing left behind (ms), null before: the flush lag (metrics). */
  lastFlushedAt(): number | null;
  start(): Promise<void>;
  /** Stops the timer and writes everything left. */
  stop(): Promise<void>;
};
