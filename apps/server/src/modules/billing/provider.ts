import type { BillingCurrency, BillingCycle, PaidPlanId } from '@cotacep/shared/plans';
import type { BillingDetailsRow } from '#server/db/schema/billing-details.ts';

export type ProviderKind = 'test' | 'stripe';

/** Who is buying: what the provider needs to find or create its customer. */
export type Buyer = {
  organizationId: string;
  email: string;
  name: string;
  language: string;
  /** The provider's customer, once one was created for this account. */
  customerId: string | null;
  /** The organization's billing details (issue 27), which a new customer is made with; null until saved. */
  details: BillingDetailsRow | null;
};

export type CheckoutInput = {
  buyer: Buyer;
  planId: PaidPlanId;
  cycle: BillingCycle;
  currency: BillingCurrency;
  amount: number;
  /** Absolute URLs of the SPA the browser returns to. */
  successUrl: string;
  cancelUrl: string;
  /** The account's billing time (test mode: its own clock), from which a test checkout's expiry runs. */
  now: number;
};

/** What a provider answers for a checkout: where to send the browser and the session to remember. */
export type CheckoutStarted = { id: string; url: string; customerId: string; expiresAt: Date };

/**
 * One interface for the payments provider (decision 014): the embedded test mode or Stripe. Both report
 * what happened through the same `applySubscription` / `applyInvoice` of `subscription-state.ts`, test
 * mode directly and Stripe through its webhooks.
 */
export type PaymentsProvider = {
  kind: ProviderKind;
  createCheckout(input: CheckoutInput): Promise<CheckoutStarted>;
  /** "Manage subscription": where the customer changes plan, cycle or card, cancels or resumes. */
  createPortal(input: { customerId: string; returnUrl: string; language: string }): Promise<{ url: string }>;
  /**
   * "Choose Plan" for an account that already subscribes: where the customer confirms the new plan or
   * cycle (an upgrade applies at once, a downgrade at the period's end).
   */
  changePlan(input: {
    customerId: string;
    subscriptionId: string;
    planId: PaidPlanId;
    cycle: BillingCycle;
    currency: BillingCurrency;
    returnUrl: string;
    language: string;
  }): Promise<{ url: string }>;
  /** Abandons a checkout the customer walked away from, so a new one may start. */
  expireCheckout(id: string): Promise<void>;
  /**
   * Gives the provider's customer the organization's billing details when they change; only a provider that
   * prints its own invoices (Stripe) keeps a copy.
   */
  syncCustomer?(customerId: string, details: BillingDetailsRow): Promise<void>;
};
