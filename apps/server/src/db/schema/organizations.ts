import type { BillingCurrency, PlanId } from '@cotacep/shared/plans';
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';

/**
 * The customer (issue 24, decision 033): it owns projects, keys, usage, plan and limits, subscription,
 * invoices and billing details; people are its members. An account's first organization has the account's
 * own id (the migration gave every existing account one that way), so ids a customer already held stay valid.
 */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Derived from the current subscription by `billing/subscription-state.ts` (Enterprise: set by an operator). */
  plan: text('plan').$type<PlanId>().notNull().default('free'),
  /** The currency the organization pays in (decision 027): chosen at its first purchase, then fixed. */
  currency: text('currency').$type<BillingCurrency>().notNull().default('BRL'),
  /** Every member must have an authenticator app or a passkey (issue 25); set by an Owner. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** Suspended by staff (issue 26): its keys get 403 `OrganizationSuspended` and its members cannot use it. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  /** Its only person is closing their account (issue 26): its keys are stopped until the closure is cancelled. */
  keysStoppedAt: timestamp('keys_stopped_at', { withTimezone: true }),
  ...timestamps(),
});

export type OrganizationRow = typeof organizations.$inferSelect;

/** The owning organization's id: its rows go when the organization is deleted. */
export const organizationIdColumn = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
