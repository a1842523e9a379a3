import { randomUUID } from 'node:crypto';
import type { InvoiceStatus, PaymentMethod } from '@cotacep/shared/billing-schemas';
import {
  type BillingCurrency,
  type BillingCycle,
  getPlanPrice,
  type PaidPlanId,
} from '@cotacep/shared/plans';
import { count, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import type { Subscription } from '#server/db/schema/subscriptions.ts';
import { getBilledTo } from '../details/billed-to.ts';
import type { BillingEvent, InvoiceReport, SubscriptionReport } from '../subscription-state.ts';

/** Test mode's events, named as Stripe's, applied once by their id like a webhook's. */
export function testEvent(type: string, id: string = randomUUID()): BillingEvent {
  return { provider: 'test', id: `evt_test_${id}`, type };
}

/** The subscription as test mode reports it after a change: the stored one with the change on top. */
export function reportOf(subscription: Subscription, change: Partial<SubscriptionReport>, now: number) {
  const { pastDueSince: _p, createdAt: _c, updatedAt: _u, ...stored } = subscription;
  return { ...stored, ...change, provider: 'test', stateAt: new Date(now) } as SubscriptionReport;
}

/** Invoice numbers per account, Stripe's way: the customer's prefix and a sequence (`3F9A1C2B-0002`). */
async function nextInvoiceNumber(db: Db, organizationId: string, customerId: string): Promise<string> {
  const [row] = await db
    .select({ total: count() })
    .from(invoices)
    .where(eq(invoices.organizationId, organizationId));
  const prefix = customerId
    .replace(/^cus_test_/, '')
    .slice(0, 8)
    .toUpperCase();
  return `${prefix}-${String((row?.total ?? 0) + 1).padStart(4, '0')}`;
}

export type InvoiceDraft = {
  id?: string;
  organizationId: string;
  customerId: string;
  subscriptionId: string;
  planId: PaidPlanId;
  cycle: BillingCycle;
  currency: BillingCurrency;
  periodStart: Date;
  periodEnd: Date;
  status: InvoiceStatus;
  paymentMethod: PaymentMethod;
  /** Defaults to the plan's price for the cycle; an upgrade charges the prorated difference. */
  amount?: number;
  boleto?: { line: string; expiresAt: Date } | null;
};

export async function createInvoiceReport(db: Db, draft: InvoiceDraft, now: number): Promise<InvoiceReport> {
  const at = new Date(now);
  return {
    provider: 'test',
    id: draft.id ?? `in_test_${randomUUID()}`,
    organizationId: draft.organizationId,
    subscriptionId: draft.subscriptionId,
    number: await nextInvoiceNumber(db, draft.organizationId, draft.customerId),
    status: draft.status,
    amount: draft.amount ?? getPlanPrice(draft.planId, draft.cycle, draft.currency),
    currency: draft.currency,
    planId: draft.planId,
    cycle: draft.cycle,
    periodStart: draft.periodStart,
    periodEnd: draft.periodEnd,
    paidAt: draft.status === 'paid' ? at : null,
    paymentMethod: draft.paymentMethod,
    hostedUrl: null,
    boletoLine: draft.boleto?.line ?? null,
    boletoExpiresAt: draft.boleto?.expiresAt ?? null,
    billedTo: await getBilledTo(db, draft.organizationId),
    createdAt: at,
    stateAt: at,
  };
}
