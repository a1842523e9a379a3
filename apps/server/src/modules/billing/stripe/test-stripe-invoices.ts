import type Stripe from 'stripe';
import { fixture, newId, nowSeconds, toDecimal } from './test-stripe-objects.ts';

/** A boleto waiting to be paid: what Stripe shows in the PaymentIntent's next action. */
function createBoletoAction(created: number): Stripe.PaymentIntent.NextAction {
  return {
    type: 'boleto_display_details',
    boleto_display_details: {
      number: '23790001246000000000163000008301100000000029900',
      expires_at: created + 3 * 86_400,
      hosted_voucher_url: 'https://payments.stripe.com/boleto/voucher/test_voucher',
      pdf: 'https://payments.stripe.com/boleto/voucher/test_voucher/pdf',
    },
  };
}

function createPayment(
  invoice: string,
  price: Stripe.Price,
  customer: string,
  isPaid: boolean,
  isBoleto: boolean,
) {
  const created = nowSeconds();
  const amount = price.unit_amount ?? 0;
  const intent: Stripe.PaymentIntent = {
    ...fixture<Stripe.PaymentIntent>('payment-intent'),
    id: newId('pi'),
    amount,
    amount_received: isPaid ? amount : 0,
    created,
    currency: price.currency,
    customer,
    payment_method_types: [isBoleto ? 'boleto' : 'card'],
    status: isPaid ? 'succeeded' : isBoleto ? 'requires_action' : 'requires_payment_method',
    next_action: isBoleto && !isPaid ? createBoletoAction(created) : null,
  };
  return {
    ...fixture<Stripe.InvoicePayment>('invoice-payment'),
    id: newId('inpay'),
    invoice,
    amount_requested: amount,
    amount_paid: isPaid ? amount : null,
    created,
    currency: price.currency,
    status: isPaid ? 'paid' : 'open',
    payment: { type: 'payment_intent', payment_intent: intent },
  } as Stripe.InvoicePayment;
}

/** An invoice of a subscription's current period, printed for the checkout's payer. */
export function createInvoice(options: {
  subscription: Stripe.Subscription;
  number: string;
  status: 'open' | 'paid';
  isBoleto: boolean;
  billedTo: Stripe.Checkout.Session.CustomerDetails | null;
}): Stripe.Invoice {
  const { subscription, number, status, billedTo } = options;
  const base = fixture<Stripe.Invoice>('invoice');
  const item = subscription.items.data[0]!;
  const { price } = item;
  const id = newId('in');
  const created = nowSeconds();
  const amount = price.unit_amount ?? 0;
  const isPaid = status === 'paid';
  const customer = subscription.customer as string;
  return {
    ...base,
    id,
    number,
    status,
    created,
    customer,
    currency: price.currency,
    amount_due: amount,
    amount_paid: isPaid ? amount : 0,
    amount_remaining: isPaid ? 0 : amount,
    subtotal: amount,
    total: amount,
    attempted: true,
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    customer_email: billedTo?.email ?? null,
    customer_name: billedTo?.name ?? null,
    customer_address: billedTo?.address ?? null,
    customer_tax_ids: (billedTo?.tax_ids ?? []) as Stripe.Invoice.CustomerTaxId[],
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${id}/pdf`,
    // As Stripe does for subscription invoices: the invoice's period is the one before the line's.
    period_start: item.current_period_start,
    period_end: item.current_period_start,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    lines: {
      ...base.lines,
      url: `/v1/invoices/${id}/lines`,
      data: base.lines.data.map((line) => ({
        ...line,
        id: newId('il'),
        invoice: id,
        amount,
        currency: price.currency,
        description: `1 × ${price.lookup_key}`,
        period: { start: item.current_period_start, end: item.current_period_end },
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: subscription.id,
            subscription_item: item.id,
          },
        },
        pricing: {
          type: 'price_details',
          price_details: { price: price.id, product: price.product as string },
          unit_amount_decimal: toDecimal(amount),
        },
        subscription: subscription.id,
      })),
    },
    status_transitions: {
      finalized_at: created,
      paid_at: isPaid ? created : null,
      marked_uncollectible_at: null,
      voided_at: null,
    },
    payments: {
      object: 'list',
      data: [createPayment(id, price, customer, isPaid, options.isBoleto)],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${id}`,
    },
  };
}
