import { describe, expect, it } from 'vitest';
import { canSimulateRefund } from './can-simulate-refund.ts';

describe('canSimulateRefund', () => {
  it('offers the bank’s refund for a paid invoice in reais in test mode only', () => {
    expect(canSimulateRefund('test', { status: 'paid', currency: 'BRL' })).toBe(true);
    // Stripe refunds at Stripe; the summary not read yet offers nothing either.
    expect(canSimulateRefund('stripe', { status: 'paid', currency: 'BRL' })).toBe(false);
    expect(canSimulateRefund(undefined, { status: 'paid', currency: 'BRL' })).toBe(false);
    expect(canSimulateRefund('test', { status: 'paid', currency: 'USD' })).toBe(false);
    for (const status of ['open', 'void', 'draft', 'uncollectible'] as const)
      expect(canSimulateRefund('test', { status, currency: 'BRL' }), status).toBe(false);
  });
});
