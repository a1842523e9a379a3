import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { describe, expect, it } from 'vitest';
import { type CurrentPlan, getCurrentPlan, getPlanAction } from './get-plan-action.ts';

const FREE: CurrentPlan = { planId: 'free', cycle: null, isSubscribed: false };
const BASIC_MONTHLY: CurrentPlan = { planId: 'basic', cycle: 'monthly', isSubscribed: true };

describe('getPlanAction', () => {
  it('offers a visitor sign-up on Free, Buy Now on paid plans and the contact form on Enterprise', () => {
    expect(getPlanAction('free', 'monthly', null)).toBe('start-free');
    expect(getPlanAction('basic', 'monthly', null)).toBe('buy');
    expect(getPlanAction('business', 'yearly', null)).toBe('buy');
    expect(getPlanAction('enterprise', 'monthly', null)).toBe('contact');
  });

  it('shows a Free customer their plan and Buy Now on the paid ones', () => {
    expect(getPlanAction('free', 'yearly', FREE)).toBe('current');
    expect(getPlanAction('pro', 'monthly', FREE)).toBe('buy');
    expect(getPlanAction('enterprise', 'monthly', FREE)).toBe('contact');
  });

  it('marks only the subscribed plan and cycle as current; the other cycle is a choice', () => {
    expect(getPlanAction('basic', 'monthly', BASIC_MONTHLY)).toBe('current');
    expect(getPlanAction('basic', 'yearly', BASIC_MONTHLY)).toBe('choose');
    expect(getPlanAction('pro', 'monthly', BASIC_MONTHLY)).toBe('choose');
    expect(getPlanAction('free', 'monthly', BASIC_MONTHLY)).toBe('choose');
  });

  it('leaves an Enterprise customer nothing to buy: their contract changes by talking to us', () => {
    const enterprise: CurrentPlan = { planId: 'enterprise', cycle: null, isSubscribed: false };
    expect(getPlanAction('enterprise', 'monthly', enterprise)).toBe('current');
    expect(getPlanAction('business', 'monthly', enterprise)).toBe('none');
    expect(getPlanAction('free', 'monthly', enterprise)).toBe('none');
  });
});

const summary = (overrides: Partial<BillingSummary>): BillingSummary => ({
  provider: 'test',
  planId: 'free',
  currency: 'BRL',
  isCurrencyFixed: false,
  subscription: null,
  nextPayment: null,
  openCheckout: null,
  ...overrides,
});

describe('getCurrentPlan', () => {
  it("trusts GET billing over the token's claim", () => {
    const subscription = {
      planId: 'pro',
      cycle: 'yearly',
      currency: 'BRL',
      status: 'active',
      currentPeriodStart: '2026-11-01T00:00:00.000Z',
      currentPeriodEnd: '2027-11-01T00:00:00.000Z',
      cancelAt: null,
      scheduledChange: null,
      pendingChange: null,
      paymentMethod: 'card',
      graceEndsAt: null,
    } as const;
    expect(getCurrentPlan(summary({ planId: 'pro', subscription }), 'free')).toEqual({
      planId: 'pro',
      cycle: 'yearly',
      isSubscribed: true,
    });
    expect(getCurrentPlan(summary({ subscription: { ...subscription, status: 'canceled' } }), 'pro')).toEqual(
      FREE,
    );
  });

  it('falls back to the claim while GET billing is on its way, and to Free for an unknown one', () => {
    expect(getCurrentPlan(undefined, 'basic')).toEqual({ planId: 'basic', cycle: null, isSubscribed: true });
    expect(getCurrentPlan(undefined, 'gold')).toEqual(FREE);
  });
});
