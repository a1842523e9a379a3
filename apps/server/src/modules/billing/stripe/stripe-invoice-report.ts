import { INVOICE_STATUSES, type InvoiceStatus } from '@cotacep/shared/billing-schemas';
import { BILLING_CURRENCIES, type BillingCurrency } from '@cotacep/shared/plans';
import type Stripe from 'stripe';
import type { BilledTo } from '#server/db/schema/invoices.ts';
import type { InvoiceReport, SubscriptionReport } from '../subscription-state.ts';
import { pickTaxId } from './stripe-accounts.ts';
import { idOf, type StripeApi, toDate } from './stripe-client.ts';

/** The invoice's payments with their PaymentIntents: a boleto's line and expiry are there. */
const EXPAND = ['payments.data.payment.payment_intent'];

export function readInvoice(api: StripeApi, id: string): Promise<Stripe.Invoice> {
  return api.call(() => api.client.invoices.retrieve(id, { expand: EXPAND }));
}

function findBoleto(invoice: Stripe.Invoice) {
  for (const { payment } of invoice.payments?.data ?? []) {
    const intent = payment.payment_intent;
    const details = typeof intent === 'object' ? intent.next_action?.boleto_display_details : undefined;
    if (details?.number) return details;
  }
  return null;
}

/** Who the invoice was made out to, as Stripe printed it (the details asked at checkout). */
function toBilledTo(invoice: Stripe.Invoice): BilledTo | null {
  const taxId = pickTaxId(invoice.customer_tax_ids ?? []);
  if (!invoice.customer_name && !taxId) return null;
  const address = invoice.customer_address;
  return {
    name: invoice.customer_name ?? '',
    email: invoice.customer_email ?? '',
    taxId: taxId ?? '',
    addressLine: [address?.line1, address?.line2].filter(Boolean).join(', '),
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postal_code ?? '',
    country: address?.country ?? '',
  };
}

/**
 * An invoice of one of our plans as the portal lists it; null for a draft (no number yet) or an invoice
 * that sells none of our plans.
 */
export async function toInvoiceReport(
  api: StripeApi,
  invoice: Stripe.Invoice,
  context: { organizationId: string; subscription: SubscriptionReport | null; stateAt: Date },
): Promise<InvoiceReport | null> {
  const { organizationId, subscription, stateAt } = context;
  const status = invoice.status as InvoiceStatus | null;
  const currency = invoice.currency.toUpperCase() as BillingCurrency;
  if (!invoice.number || !status || !INVOICE_STATUSES.includes(status)) return null;
  if (!BILLING_CURRENCIES.includes(currency)) return null;
  const lines = invoice.lines.data;
  const line = lines.find((candidate) => candidate.parent?.type === 'subscription_item_details') ?? lines[0];
  const price = line?.pricing?.price_details?.price;
  const plan = (price ? await api.prices.findPlanOfPrice(price) : null) ?? subscription;
  if (!plan) return null;
  const boleto = findBoleto(invoice);
  const paidAt = invoice.status_transitions.paid_at;
  return {
    provider: 'stripe',
    id: invoice.id,
    organizationId,
    subscriptionId: subscription?.id ?? idOf(invoice.parent?.subscription_details?.subscription),
    number: invoice.number,
    status,
    amount: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency,
    planId: plan.planId,
    cycle: plan.cycle,
    // The line's period is the one paid for; the invoice's own is the one before it.
    periodStart: toDate(line?.period.start ?? invoice.period_start),
    periodEnd: toDate(line?.period.end ?? invoice.period_end),
    paidAt: paidAt ? toDate(paidAt) : null,
    paymentMethod: boleto ? 'boleto' : (subscription?.paymentMethod ?? 'card'),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    boletoLine: boleto?.number ?? null,
    boletoExpiresAt: boleto?.expires_at ? toDate(boleto.expires_at) : null,
    billedTo: toBilledTo(invoice),
    createdAt: toDate(invoice.created),
    stateAt,
  };
}
