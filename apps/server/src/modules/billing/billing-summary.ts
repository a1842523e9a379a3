import type { BillingSummary, Invoice } from '@cotacep/shared/billing-schemas';
import type { InvoiceNfse } from '@cotacep/shared/nfse-schemas';
import { getPlan, getPlanPrice } from '@cotacep/shared/plans';
import { and, desc, eq } from 'drizzle-orm';
import { type InvoiceRow, invoices } from '../../db/schema/invoices.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { AppError } from '../../lib/app-error.ts';
import { findNfseSummaries, toInvoiceNfse } from '../nfse/view.ts';
import type { Billing } from './billing.ts';
import { findOpenCheckout } from './checkout.ts';
import { getCustomerCurrency } from './customer-currency.ts';
import { getGraceEnd, isStarted } from './effective-plan.ts';
import { findCurrentSubscription } from './subscription-state.ts';
import { findPendingInvoice } from './test-mode/pending-upgrade.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The Billing tab (spec §2): plan, period, next payment or end date, an open checkout to go back to. */
export async function getBillingSummary(billing: Billing, organizationId: string): Promise<BillingSummary> {
  const { db, state, provider, clock } = billing;
  const now = await clock.now(organizationId);
  const [user] = await db
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const planId = getPlan(user?.plan ?? 'free').id;
  const current = await findCurrentSubscription(db, organizationId);
  const open = await findOpenCheckout(db, organizationId, now);
  const openCheckout = open ? { id: open.id, planId: open.planId, cycle: open.cycle, url: open.url } : null;
  const customer = await getCustomerCurrency(db, organizationId);
  const currency = { currency: customer.currency, isCurrencyFixed: customer.isFixed };
  const isShown = current && !current.endedAt && current.status !== 'incomplete_expired';
  if (!current || !isShown)
    return {
      provider: provider.kind,
      planId,
      ...currency,
      subscription: null,
      nextPayment: null,
      openCheckout,
    };

  const cancelAt = current.cancelAtPeriodEnd ? current.currentPeriodEnd : null;
  const scheduledChange =
    current.scheduledPlanId || current.scheduledCycle
      ? {
          planId: current.scheduledPlanId ?? current.planId,
          cycle: current.scheduledCycle ?? current.cycle,
        }
      : null;
  const graceEndsAt = getGraceEnd(current, state.graceMs);
  const pending = await findPendingInvoice(db, current);
  const charges = isStarted(current) && !cancelAt;
  const next = scheduledChange ?? { planId: current.planId, cycle: current.cycle };
  return {
    provider: provider.kind,
    planId,
    ...currency,
    subscription: {
      planId: current.planId,
      cycle: current.cycle,
      currency: current.currency,
      status: current.status,
      currentPeriodStart: current.currentPeriodStart.toISOString(),
      currentPeriodEnd: current.currentPeriodEnd.toISOString(),
      cancelAt: iso(cancelAt),
      scheduledChange,
      pendingChange: pending?.boletoExpiresAt
        ? {
            planId: pending.planId,
            cycle: pending.cycle,
            invoiceId: pending.id,
            amount: pending.amount,
            expiresAt: pending.boletoExpiresAt.toISOString(),
          }
        : null,
      paymentMethod: current.paymentMethod,
      graceEndsAt: iso(graceEndsAt),
    },
    nextPayment: charges
      ? {
          amount: getPlanPrice(next.planId, next.cycle, current.currency),
          currency: current.currency,
          date: current.currentPeriodEnd.toISOString(),
        }
      : null,
    openCheckout,
  };
}

/** An invoice as the API answers it, with its nota (null: in dollars, not paid, or none yet). */
export function toInvoice(row: InvoiceRow, nfse: InvoiceNfse | null): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    planId: row.planId,
    cycle: row.cycle,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    paymentMethod: row.paymentMethod,
    hostedUrl: row.hostedUrl,
    boleto:
      row.boletoLine && row.boletoExpiresAt
        ? { line: row.boletoLine, expiresAt: row.boletoExpiresAt.toISOString() }
        : null,
    billedTo: row.billedTo,
    nfse,
  };
}

export async function listInvoices(billing: Billing, organizationId: string): Promise<Invoice[]> {
  const rows = await billing.db
    .select()
    .from(invoices)
    .where(eq(invoices.organizationId, organizationId))
    .orderBy(desc(invoices.createdAt))
    .limit(100);
  const notas = await findNfseSummaries(
    billing.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toInvoice(row, toInvoiceNfse(notas.get(row.id), billing.config.API_URL)));
}

export async function getInvoice(billing: Billing, organizationId: string, id: string): Promise<Invoice> {
  const [row] = await billing.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)));
  if (!row) throw new AppError('InvoiceNotFound');
  const notas = await findNfseSummaries(billing.db, [row.id]);
  return toInvoice(row, toInvoiceNfse(notas.get(row.id), billing.config.API_URL));
}
