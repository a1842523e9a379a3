import { z } from 'zod';
import type { BillingCurrency, BillingCycle } from './plans.ts';
import { text } from './text-field.ts';

/**
 * Pix (issue 27): a one-off payment in reais by a BR Code, the EMV "Pix copia e cola" text a bank app scans
 * as a QR code or pastes. One contract for test mode's routes and for the pages that show the code.
 */

/** pending: waiting for the payer's bank; paid; expired: not paid within its validity (a new code may follow). */
export const PIX_CHARGE_STATUSES = ['pending', 'paid', 'expired'] as const;
export type PixChargeStatus = (typeof PIX_CHARGE_STATUSES)[number];

/**
 * Pix pays once: Stripe takes it for one-off payments in reais, and a subscription's automatic renewals would
 * need Pix Automático's mandate (which Stripe does not offer accounts in Brazil). So a checkout offers it for
 * a yearly plan in reais, paid once a year; a monthly plan renews by card or boleto, and an open invoice of any
 * plan in reais (a renewal's, an upgrade's) may be paid by Pix. Test mode and Stripe follow this one rule.
 */
export function isPixAtCheckout(checkout: { currency: BillingCurrency; cycle: BillingCycle }): boolean {
  return checkout.currency === 'BRL' && checkout.cycle === 'yearly';
}

/** How long a code can be paid: test mode's, and the `expires_after_seconds` Stripe is asked for. */
export const PIX_VALIDITY_SECONDS = 30 * 60;

/**
 * A Pix code as the pages show it: `POST …/pix` answers it, and a checkout carries its latest. `expiresAt` is
 * on the organization's billing clock (in test mode it may run days ahead of the real one), so a countdown
 * starts from `secondsLeft`, counted when the answer was made, not from the browser's own clock.
 */
export const pixChargeSchema = z.object({
  /** The EMV payload; the QR code encodes this same text. */
  brCode: text(),
  expiresAt: z.iso.datetime(),
  secondsLeft: z.number().int().min(0),
  status: z.enum(PIX_CHARGE_STATUSES),
});
export type PixCharge = z.infer<typeof pixChargeSchema>;
