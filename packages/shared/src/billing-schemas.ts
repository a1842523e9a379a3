import { z } from 'zod';
import { invoiceNfseSchema } from './nfse-schemas.ts';
import { pixChargeSchema } from './pix-schemas.ts';
import { BILLING_CURRENCIES, BILLING_CYCLES, PAID_PLAN_IDS, PLAN_FEATURES, PLAN_IDS } from './plans.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/**
 * Plans, checkout, subscription and invoices (issue 12). One contract for the server's routes under
 * `<API_URL>/plans` and `<API_URL>/billing` and for the web app's screens. Amounts are in cents.
 */

export const planIdSchema = z.enum(PLAN_IDS);
export const paidPlanIdSchema = z.enum(PAID_PLAN_IDS, { error: validationMessage('planUnknown') });
export const billingCycleSchema = z.enum(BILLING_CYCLES, { error: validationMessage('cycleUnknown') });
export const billingCurrencySchema = z.enum(BILLING_CURRENCIES);

const priceSchema = z.object({ BRL: z.number().int(), USD: z.number().int() });

/** `GET <API_URL>/plans` (public): the catalogue as the pricing page shows it. */
export const planCatalogueSchema = z.object({
  plans: z.array(
    z.object({
      id: planIdSchema,
      name: text(),
      /** Null: agreed by contract (Enterprise). */
      monthlyPrice: priceSchema.nullable(),
      yearlyPrice: priceSchema.nullable(),
      monthlyQuota: z.number().int(),
      ratePerMinute: z.number().int(),
      maxKeys: z.number().int(),
      maxProjects: z.number().int(),
      requiresCreditCard: z.boolean(),
      features: z.array(z.enum(PLAN_FEATURES)),
    }),
  ),
  /** Which answers use quota, for the pricing page's note: 2xx and 304. */
  quotaCounts: z.literal('2xx-304'),
});
export type PlanCatalogue = z.infer<typeof planCatalogueSchema>;

/** Pix is for one-off payments in reais (a checkout or an open invoice); renewals stay on card or boleto. */
export const PAYMENT_METHODS = ['card', 'boleto', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The country whose customers pay with a CPF or CNPJ (spec §3) and may pay by boleto. */
export const BRAZIL = 'BR';

/** `POST <API_URL>/billing/checkout`: start buying a plan; answers where to send the browser. */
export const checkoutRequestSchema = z.object({
  planId: paidPlanIdSchema,
  cycle: billingCycleSchema,
  /**
   * The customer's choice at the first purchase (decision 027); once the customer's currency is fixed it is
   * ignored, and the interface language never decides it.
   */
  currency: billingCurrencySchema.optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const redirectSchema = z.object({ url: text() });
export type Redirect = z.infer<typeof redirectSchema>;

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Started and not over: it renews, can change plan, cancel or be paid. */
export const STARTED_SUBSCRIPTION_STATUSES: SubscriptionStatus[] = ['active', 'trialing', 'past_due'];
/** Started, or waiting for its first payment (a boleto): still billing its organization. */
export const LIVE_SUBSCRIPTION_STATUSES: SubscriptionStatus[] = [
  ...STARTED_SUBSCRIPTION_STATUSES,
  'incomplete',
];

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** `GET <API_URL>/billing`: the Billing tab (spec §2). */
export const billingSummarySchema = z.object({
  provider: z.enum(['test', 'stripe']),
  /**
   * The customer's currency (decision 027): every price they see and pay, in any interface language. Fixed
   * once they have bought; until then the pricing page lets them choose it for the first purchase.
   */
  currency: billingCurrencySchema,
  isCurrencyFixed: z.boolean(),
  /** The plan the limits follow now. */
  planId: planIdSchema,
  subscription: z
    .object({
      planId: z.enum(PAID_PLAN_IDS),
      cycle: z.enum(BILLING_CYCLES),
      currency: billingCurrencySchema,
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodStart: z.iso.datetime(),
      currentPeriodEnd: z.iso.datetime(),
      /** Set when the subscription ends at the period's end (cancelled, not yet over). */
      cancelAt: z.iso.datetime().nullable(),
      /** A downgrade or cycle change waiting for the period's end. */
      scheduledChange: z.object({ planId: z.enum(PAID_PLAN_IDS), cycle: z.enum(BILLING_CYCLES) }).nullable(),
      /**
       * An upgrade waiting for its invoice (a boleto) to be paid: the plan above stays until then, and the
       * change lapses at `expiresAt` if it is never paid (Stripe's pending update).
       */
      pendingChange: z
        .object({
          planId: z.enum(PAID_PLAN_IDS),
          cycle: z.enum(BILLING_CYCLES),
          invoiceId: text(),
          amount: z.number().int(),
          expiresAt: z.iso.datetime(),
        })
        .nullable(),
      paymentMethod: z.enum(PAYMENT_METHODS),
      /** While past due: when the account falls to Free if the payment is not fixed. */
      graceEndsAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** The next charge, or null when none is due (Free, cancelled). */
  nextPayment: z
    .object({ amount: z.number().int(), currency: billingCurrencySchema, date: z.iso.datetime() })
    .nullable(),
  /** A checkout started and not finished (a boleto waiting to be paid…), to go back to. */
  openCheckout: z
    .object({ id: text(), planId: z.enum(PAID_PLAN_IDS), cycle: z.enum(BILLING_CYCLES), url: text() })
    .nullable(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const invoiceSchema = z.object({
  id: text(),
  number: text(),
  status: z.enum(INVOICE_STATUSES),
  amount: z.number().int(),
  currency: billingCurrencySchema,
  planId: z.enum(PAID_PLAN_IDS),
  cycle: z.enum(BILLING_CYCLES),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Stripe's hosted invoice page; null in test mode (the portal prints its own). */
  hostedUrl: text().nullable(),
  boleto: z.object({ line: text(), expiresAt: z.iso.datetime() }).nullable(),
  billedTo: z
    .object({
      name: text(),
      email: text(),
      taxId: text(),
      addressLine: text(),
      city: text(),
      state: text(),
      postalCode: text(),
      country: text(),
    })
    .nullable(),
  /** Its nota fiscal (issue 27): paid invoices in reais have one; null where none applies. */
  nfse: invoiceNfseSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ items: z.array(invoiceSchema) });
export const invoiceIdParamsSchema = z.object({ id: text().min(1).max(100) });

// Test mode: the embedded provider's checkout and manage pages (PAYMENTS_PROVIDER=test).

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** A processing error: "try again" succeeds with the same card on the next attempt. */
  processingError: '4000000000000119',
  /** Pays the checkout; every renewal afterwards is declined (to see a failed renewal). */
  renewalFails: '4000000000000341',
} as const;

export const testCheckoutSchema = z.object({
  id: text(),
  planId: z.enum(PAID_PLAN_IDS),
  cycle: z.enum(BILLING_CYCLES),
  currency: billingCurrencySchema,
  amount: z.number().int(),
  /** The first period if paid now (the billing clock's now, one cycle long). */
  period: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
  status: z.enum(['open', 'pending', 'complete', 'expired']),
  /** Boleto and Pix are offered for BRL only. */
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  email: text(),
  /** Set while a boleto waits: its line and expiry. */
  boleto: z.object({ line: text(), expiresAt: z.iso.datetime() }).nullable(),
  /** The latest Pix code (issue 27): the page follows it until it is paid or expires. */
  pix: pixChargeSchema.nullable(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testCheckoutIdParamsSchema = z.object({ id: z.uuid() });

export const testCheckoutPayRequestSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('card'),
    cardNumber: text()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(text().regex(/^\d{13,19}$/, validationMessage('cardNumberInvalid'))),
    expiry: text().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, validationMessage('cardExpiryInvalid')),
    cvc: text().regex(/^\d{3,4}$/, validationMessage('cardCvcInvalid')),
  }),
  // The invoice names the organization's billing details (`<API_URL>/billing/details`), asked nowhere else.
  z.object({ method: z.literal('boleto') }),
]);
export type TestCheckoutPayRequest = z.infer<typeof testCheckoutPayRequestSchema>;

/** Test mode's manage page: change plan or cycle, cancel at the period's end, resume. */
export const testManageRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('change'), planId: paidPlanIdSchema, cycle: billingCycleSchema }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
  /** A renewal failed: pay the open invoice with another card. */
  z.object({
    action: z.literal('pay'),
    cardNumber: text()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(text().regex(/^\d{13,19}$/, validationMessage('cardNumberInvalid'))),
  }),
]);
export type TestManageRequest = z.infer<typeof testManageRequestSchema>;

/** Development only: move the signed-in customer's test billing clock forward (no other account's). */
export const testClockRequestSchema = z.object({ days: z.number().int().min(1).max(400) });
export const testClockSchema = z.object({ now: z.iso.datetime(), offsetDays: z.number().int() });
