import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { billingTestClocks } from '#server/db/schema/billing-test-clocks.ts';

const DAY_MS = 86_400_000;

/**
 * Test mode's billing clocks, one per account (as Stripe's test clocks belong to a customer): the real
 * clock plus the offset that account moved forward, so its renewals, failed renewals and period ends can
 * be seen without waiting a month, and no other account's dates move. Kept in the database, so every
 * instance and a restarted server read the same date. With Stripe (or in production) it is the real clock.
 */
export type BillingClock = {
  /** The account's billing time; `db` is the transaction the caller is in, if any. */
  now(organizationId: string, db?: Db): Promise<number>;
  offsetMs(organizationId: string): Promise<number>;
  /** Moves the account's clock forward; false when this installation has no test clock. */
  advance(organizationId: string, days: number): Promise<boolean>;
  /**
   * For a query over many accounts: the billing time, as a timestamptz, of the account in `organizationId`
   * when the real clock reads `realMs` (the real time less a grace period, say).
   */
  timeOf(organizationId: AnyPgColumn, realMs: number): SQL;
};

export function createBillingClock(db: Db, enabled: boolean): BillingClock {
  const offsetMs = async (organizationId: string, executor: Db = db) => {
    if (!enabled) return 0;
    const [row] = await executor
      .select({ offsetMs: billingTestClocks.offsetMs })
      .from(billingTestClocks)
      .where(eq(billingTestClocks.organizationId, organizationId));
    return row?.offsetMs ?? 0;
  };
  return {
    now: async (organizationId, executor) => Date.now() + (await offsetMs(organizationId, executor)),
    offsetMs: (organizationId) => offsetMs(organizationId),
    async advance(organizationId, days) {
      if (!enabled) return false;
      const step = days * DAY_MS;
      await db
        .insert(billingTestClocks)
        .values({ organizationId, offsetMs: step })
        .onConflictDoUpdate({
          target: billingTestClocks.organizationId,
          set: { offsetMs: sql`${billingTestClocks.offsetMs} + ${step}`, updatedAt: new Date() },
        });
      return true;
    },
    timeOf(organizationId, realMs) {
      if (!enabled) return sql`to_timestamp(${realMs / 1000}::double precision)`;
      const offset = sql`(select ${billingTestClocks.offsetMs} from ${billingTestClocks}
        where ${billingTestClocks.organizationId} = ${organizationId})`;
      return sql`to_timestamp((${realMs}::bigint + coalesce(${offset}, 0)) / 1000.0)`;
    },
  };
}
