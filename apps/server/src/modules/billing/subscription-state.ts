import {
  type InvoiceStatus,
  LIVE_SUBSCRIPTION_STATUSES,
  type PaymentMethod,
  type SubscriptionStatus,
} from '@cotacep/shared/billing-schemas';
import type { BillingCurrency, BillingCycle, PaidPlanId, PlanId } from '@cotacep/shared/plans';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingEvents } from '../../db/schema/billing-events.ts';
import { type BilledTo, invoices } from '../../db/schema/invoices.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { type Subscription, subscriptions } from '../../db/schema/subscriptions.ts';
import { type AuditContext, recordAudit, SYSTEM_CONTEXT } from '../audit/record.ts';
import { queueNfse, requestNfseCancellation } from '../nfse/lifecycle.ts';
import { lockAccount } from '../projects/account-lock.ts';
import { getEffectivePlan } from './effective-plan.ts';
import type { ProviderKind } from './provider.ts';

/** A subscription as a provider reports it at `stateAt` (test mode directly, Stripe from the API). */
export type SubscriptionReport = {
  provider: ProviderKind;
  id: string;
  organizationId: string;
  planId: PaidPlanId;
  cycle: BillingCycle;
  currency: BillingCurrency;
  status: SubscriptionStatus;
  paymentMethod: PaymentMethod;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  scheduledPlanId: PaidPlanId | null;
  scheduledCycle: BillingCycle | null;
  endedAt: Date | null;
  testCardBehaviour?: string | null;
  /** Test mode: the invoice an upgrade waits for (Stripe's reports carry none). */
  pendingInvoiceId?: string | null;
  stateAt: Date;
};

export type InvoiceReport = {
  provider: ProviderKind;
  id: string;
  organizationId: string;
  subscriptionId: string | null;
  number: string;
  status: InvoiceStatus;
  amount: number;
  currency: BillingCurrency;
  planId: PaidPlanId;
  cycle: BillingCycle;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date | null;
  paymentMethod: PaymentMethod;
  hostedUrl: string | null;
  boletoLine: string | null;
  boletoExpiresAt: Date | null;
  billedTo: BilledTo | null;
  createdAt: Date;
  stateAt: Date;
};

export type BillingEvent = { provider: ProviderKind; id: string; type: string };

export type BillingChange = { subscription?: SubscriptionReport; invoice?: InvoiceReport };

/** What applying needs: the database, the grace period, and who to tell when an account's plan changed. */
export type BillingState = {
  db: Db;
  graceMs: number;
  /** The real clock: when a provider's report was read. */
  now(): number;
  /** The account's billing time (test mode: its own test clock), read in `db`'s transaction if given. */
  accountNow(organizationId: string, db?: Db): Promise<number>;
  onPlanChanged(organizationId: string): Promise<void>;
  /** The NFS-e of paid invoices in reais (decision 038): the issuer new notas go to, and its worker's wake-up. */
  nfse: { issuer: string; onDue(): void };
};

/** The subscription the account's plan follows: the newest live one, else the newest of all. */
export async function findCurrentSubscription(db: Db, organizationId: string): Promise<Subscription | null> {
  const [live] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
        sql`${subscriptions.endedAt} is null`,
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (live) return live;
  const [latest] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return latest ?? null;
}

async function upsertSubscription(tx: Db, report: SubscriptionReport) {
  const { testCardBehaviour, ...fields } = report;
  const values = {
    ...fields,
    testCardBehaviour: testCardBehaviour ?? null,
    pendingInvoiceId: report.pendingInvoiceId ?? null,
    pastDueSince: report.status === 'past_due' ? report.stateAt : null,
  };
  const { id: _id, provider: _provider, organizationId: _userId, ...changed } = values;
  await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: {
        ...changed,
        // Past due since the first report that said so; cleared by any other status.
        pastDueSince: sql`case when excluded.status = 'past_due'
          then coalesce(${subscriptions.pastDueSince}, excluded.past_due_since) else null end`,
        testCardBehaviour: sql`coalesce(excluded.test_card_behaviour, ${subscriptions.testCardBehaviour})`,
        updatedAt: sql`now()`,
      },
      // A report older than the one stored changes nothing: events may arrive in any order.
      setWhere: sql`${subscriptions.stateAt} <= excluded.state_at`,
    });
}

/**
 * Stores the invoice; answers whether this report made it paid, or void (it was not, or did not exist,
 * before). A void invoice is final, as at Stripe: no later report moves it.
 */
async function upsertInvoice(tx: Db, report: InvoiceReport): Promise<{ isPaid: boolean; isVoided: boolean }> {
  const { id: _id, provider: _provider, organizationId: _userId, createdAt: _createdAt, ...changed } = report;
  const [before] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, report.id));
  const stored = await tx
    .insert(invoices)
    .values(report)
    .onConflictDoUpdate({
      target: invoices.id,
      set: changed,
      setWhere: sql`${invoices.stateAt} <= excluded.state_at and ${invoices.status} <> 'void'`,
    })
    .returning({ status: invoices.status });
  const status = stored[0]?.status;
  return {
    isPaid: status === 'paid' && before?.status !== 'paid',
    isVoided: status === 'void' && before?.status !== 'void',
  };
}

/** A payment's (or a refund's) audit entry: which invoice, how much; never a card or account detail. */
function recordPayment(
  tx: Db,
  context: AuditContext,
  event: 'billing.payment_succeeded' | 'billing.payment_failed' | 'billing.invoice_refunded',
  invoice: InvoiceReport,
) {
  return recordAudit(tx, context, {
    event,
    organizationId: invoice.organizationId,
    target: { type: 'invoice', id: invoice.id },
    details: { invoiceId: invoice.id, amount: invoice.amount, currency: invoice.currency },
  });
}

/**
 * Sets `organizations.plan` from the current subscription and records `billing.plan_changed` in the same
 * transaction; answers the plan when it changed.
 */
async function syncPlan(
  tx: Db,
  organizationId: string,
  now: number,
  graceMs: number,
  context: AuditContext,
): Promise<PlanId | null> {
  const [user] = await tx
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!user) return null;
  // Enterprise is set by a contract, never by a subscription.
  if (user.plan === 'enterprise') return null;
  const subscription = await findCurrentSubscription(tx, organizationId);
  const plan = getEffectivePlan(subscription, now, graceMs);
  if (plan === user.plan) return null;
  await tx
    .update(organizations)
    .set({ plan, updatedAt: new Date(now) })
    .where(eq(organizations.id, organizationId));
  await recordAudit(tx, context, {
    event: 'billing.plan_changed',
    organizationId,
    target: { type: 'organization', id: organizationId },
    details: { from: user.plan, to: plan, interval: plan === 'free' ? null : (subscription?.cycle ?? null) },
  });
  return plan;
}

/**
 * Applies one provider report, once: the event id is stored in the same transaction as its effect, so a
 * redelivered event, or fifty copies arriving together, change the state once. Answers false for an event
 * already applied. The account's plan follows at once, and the gateway forgets the account's keys. Plan changes
 * and payments go to the audit log in the same transaction, as `context` (the provider's reports: the system).
 */
export async function applyBillingChange(
  state: BillingState,
  event: BillingEvent | null,
  change: BillingChange,
  context: AuditContext = SYSTEM_CONTEXT,
): Promise<boolean> {
  const organizationId = change.subscription?.organizationId ?? change.invoice?.organizationId;
  if (!organizationId) throw new Error('a billing change names no account');
  const changed = await state.db.transaction(async (tx) => {
    await lockAccount(tx, organizationId);
    if (event) {
      const inserted = await tx
        .insert(billingEvents)
        .values({ provider: event.provider, eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: billingEvents.eventId });
      if (inserted.length === 0) return { applied: false, plan: null, isNfseDue: false };
    }
    if (change.subscription) await upsertSubscription(tx, change.subscription);
    let isNfseDue = false;
    if (change.invoice) {
      const { isPaid, isVoided } = await upsertInvoice(tx, change.invoice);
      if (isPaid) {
        await recordPayment(tx, context, 'billing.payment_succeeded', change.invoice);
        // Its nota, in this same transaction: exactly one per invoice whatever repeats (decision 038).
        isNfseDue = await queueNfse(tx, change.invoice, state.nfse.issuer);
      }
      // A charge that failed (Stripe retries one several times: each attempt is an event of its own).
      else if (event?.type === 'invoice.payment_failed')
        await recordPayment(tx, context, 'billing.payment_failed', change.invoice);
      if (isVoided) {
        // The portal shows a refunded invoice as void (decision 038); either way its nota is cancelled.
        if (event?.type === 'charge.refunded')
          await recordPayment(tx, context, 'billing.invoice_refunded', change.invoice);
        isNfseDue = (await requestNfseCancellation(tx, change.invoice.id)) === 'cancelling';
      }
    }
    const now = await state.accountNow(organizationId, tx);
    return {
      applied: true,
      plan: await syncPlan(tx, organizationId, now, state.graceMs, context),
      isNfseDue,
    };
  });
  if (changed.isNfseDue) state.nfse.onDue();
  if (changed.plan) await state.onPlanChanged(organizationId);
  return changed.applied;
}

/** Re-derives an account's plan (the grace period ran out, a period ended); true when it changed. */
export async function refreshPlan(state: BillingState, organizationId: string): Promise<boolean> {
  const plan = await state.db.transaction(async (tx) => {
    await lockAccount(tx, organizationId);
    const now = await state.accountNow(organizationId, tx);
    return syncPlan(tx, organizationId, now, state.graceMs, SYSTEM_CONTEXT);
  });
  if (plan) await state.onPlanChanged(organizationId);
  return plan !== null;
}
