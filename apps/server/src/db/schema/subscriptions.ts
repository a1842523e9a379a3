import type { PaymentMethod, SubscriptionStatus } from '@cotacep/shared/billing-schemas';
import type { BillingCurrency, BillingCycle, PaidPlanId } from '@cotacep/shared/plans';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A subscription as the payments provider last reported it (test mode or Stripe). `users.plan` is derived
 * from the account's current subscription by the billing module (decision 014); nothing else writes it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    /** The provider's id (`sub_…`). */
    id: text('id').primaryKey(),
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').$type<PaidPlanId>().notNull(),
    cycle: text('cycle').$type<BillingCycle>().notNull(),
    currency: text('currency').$type<BillingCurrency>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('card'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade or a cycle change that waits for the period's end. */
    scheduledPlanId: text('scheduled_plan_id').$type<PaidPlanId>(),
    scheduledCycle: text('scheduled_cycle').$type<BillingCycle>(),
    /** When the status turned past_due; the account keeps its plan for the grace period after it. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Test mode: how the card on file behaves at renewal (`renewalFails`), null for a good card. */
    testCardBehaviour: text('test_card_behaviour'),
    /** The provider's time of the state stored here: an older report never overwrites a newer one. */
    stateAt: timestamp('state_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.createdAt)],
);

export type Subscription = typeof subscriptions.$inferSelect;
