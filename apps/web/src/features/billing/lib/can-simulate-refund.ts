import type { BillingSummary, Invoice } from '@cotacep/shared/billing-schemas';

/**
 * Whether the invoice page offers test mode's "the bank reverses it" (issue 27): only the embedded provider
 * (Stripe refunds at Stripe), only a paid invoice, and only in reais (an invoice in dollars has no nota).
 */
export function canSimulateRefund(
  provider: BillingSummary['provider'] | undefined,
  invoice: Pick<Invoice, 'status' | 'currency'>,
): boolean {
  return provider === 'test' && invoice.status === 'paid' && invoice.currency === 'BRL';
}
