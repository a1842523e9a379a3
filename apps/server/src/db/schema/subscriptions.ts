import type { PaymentMethod, SubscriptionStatus } from '@cotacep/shared/billing-schemas';
import type { BillingCycle, PaidPlanId } from '@cotacep/shared/plans';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { planPriceColumns, providerRecordColumns } from './billing-columns.ts';
import { timestamps } from './timestamps.ts';

/**
 * A subscription as the payments provider last reported it (test mode or Stripe). `organizations.plan` is derived
 * from the account's current subscription by the billing module (decision 014); nothing else writes it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    /** The provider's id is `sub_…`. */
    ...providerRecordColumns(),
    ...planPriceColumns(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('card'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade or a cycle change that waits for the period's end. */
    scheduledPlanId: text('scheduled_plan_id').$type<PaidPlanId>(),
    scheduledCycle: text('scheduled_cycle').$type<BillingCycle>(),
    /**
     * Test mode: an upgrade waiting for its invoice (a boleto) to be paid, as Stripe's `pending_update`.
     * The plan changes when it is paid; unpaid at its due date, the change lapses and the plan stays.
     */
    pendingInvoiceId: text('pending_invoice_id'),
    /** When the status turned past_due; the account keeps its plan for the grace period after it. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Test mode: how the card on file behaves at renewal (`renewalFails`), null for a good card. */
    testCardBehaviour: text('test_card_behaviour'),
    /** The provider's time of the state stored here: an older report never overwrites a newer one. */
    stateAt: timestamp('state_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [index('subscriptions_organization_idx').on(table.organizationId, table.createdAt)],
);

export type Subscription = typeof subscriptions.$inferSelect;
