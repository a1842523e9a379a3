import { randomUUID } from 'node:crypto';
import type { PaymentsProvider } from '../provider.ts';

/** A checkout page left open this long expires, as Stripe's Checkout Sessions do. */
const CHECKOUT_TTL_MS = 24 * 3_600_000;

/**
 * The embedded test-mode provider: its checkout and manage pages are pages of the SPA (`/billing/...`),
 * and what they do goes through `test-payments.ts` into the same `applyBillingChange` Stripe's webhooks use.
 */
export function createTestProvider(options: { pageUrl(path: string): string }): PaymentsProvider {
  const { pageUrl } = options;
  return {
    kind: 'test',
    async createCheckout({ buyer, now }) {
      const id = randomUUID();
      return {
        id,
        url: pageUrl(`/billing/checkout/${id}`),
        customerId: buyer.customerId ?? `cus_test_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
        expiresAt: new Date(now + CHECKOUT_TTL_MS),
      };
    },
    async createPortal() {
      return { url: pageUrl('/billing/manage') };
    },
    async changePlan({ planId, cycle }) {
      return { url: pageUrl(`/billing/manage?${new URLSearchParams({ plan: planId, cycle })}`) };
    },
    async expireCheckout() {},
  };
}
