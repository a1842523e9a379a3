import { describe, expect, it } from 'vitest';
import { isPlanUpgrade } from './plans.ts';

describe('isPlanUpgrade', () => {
  it('counts a bigger plan, or the same plan paid yearly, as an upgrade', () => {
    expect(isPlanUpgrade({ planId: 'basic', cycle: 'monthly' }, { planId: 'pro', cycle: 'monthly' })).toBe(
      true,
    );
    expect(isPlanUpgrade({ planId: 'basic', cycle: 'yearly' }, { planId: 'pro', cycle: 'monthly' })).toBe(
      true,
    );
    expect(isPlanUpgrade({ planId: 'pro', cycle: 'monthly' }, { planId: 'pro', cycle: 'yearly' })).toBe(true);
  });

  it('lets a smaller plan or a yearly plan going monthly wait for the period end', () => {
    expect(isPlanUpgrade({ planId: 'pro', cycle: 'monthly' }, { planId: 'basic', cycle: 'yearly' })).toBe(
      false,
    );
    expect(isPlanUpgrade({ planId: 'pro', cycle: 'yearly' }, { planId: 'pro', cycle: 'monthly' })).toBe(
      false,
    );
    expect(isPlanUpgrade({ planId: 'pro', cycle: 'yearly' }, { planId: 'pro', cycle: 'yearly' })).toBe(false);
  });
});
