import type { BillingCurrency, BillingCycle, PaidPlanId } from '@cotacep/shared/plans';
import { text } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';

/** A record the payments provider keeps: its id there (or ours in test mode), which provider, whose account. */
export const providerRecordColumns = () => ({
  id: text('id').primaryKey(),
  provider: text('provider').$type<'test' | 'stripe'>().notNull(),
  organizationId: organizationIdColumn(),
});

/** What is bought: the paid plan, its billing cycle and the currency it is priced in. */
export const planPriceColumns = () => ({
  planId: text('plan_id').$type<PaidPlanId>().notNull(),
  cycle: text('cycle').$type<BillingCycle>().notNull(),
  currency: text('currency').$type<BillingCurrency>().notNull(),
});
