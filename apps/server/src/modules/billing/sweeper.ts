import { and, eq, lte, ne } from 'drizzle-orm';
import { organizations } from '../../db/schema/organizations.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import type { Billing } from './billing.ts';
import { refreshPlan } from './subscription-state.ts';
import { expireDueTestPix } from './test-mode/pix-expiry.ts';
import { runTestRenewals } from './test-mode/renewals.ts';

export type BillingSweeper = { sweep(): Promise<void>; stop(): Promise<void> };

/**
 * What no event announces: a past_due subscription's grace period running out (the account falls to
 * Free), and in test mode the period ends each account's billing clock has passed. Safe on many
 * instances at once: every change goes through applyBillingChange, whose test-mode event ids are the period's.
 */
export async function sweepBilling(billing: Billing): Promise<void> {
  if (billing.provider.kind === 'test') {
    await runTestRenewals(billing);
    // Pix codes past their 30 minutes (issue 27): a checkout's opens again.
    await expireDueTestPix(billing);
  }
  const graceStart = billing.clock.timeOf(subscriptions.organizationId, Date.now() - billing.state.graceMs);
  const overdue = await billing.db
    .selectDistinct({ organizationId: subscriptions.organizationId })
    .from(subscriptions)
    .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .where(
      and(
        eq(subscriptions.status, 'past_due'),
        lte(subscriptions.pastDueSince, graceStart),
        ne(organizations.plan, 'free'),
      ),
    );
  for (const { organizationId } of overdue) await refreshPlan(billing.state, organizationId);
}

export function startBillingSweeper(billing: Billing): BillingSweeper {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepBilling(billing)
      .catch((error: unknown) => billing.log.warn({ err: error }, 'billing sweep failed; retried next time'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), billing.config.BILLING_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
