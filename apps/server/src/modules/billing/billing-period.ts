import type { BillingCycle } from '@cotacep/shared/plans';

/**
 * The end of a billing period that starts at `start`: the same day and time one month or one year later,
 * held at the month's last day when the month is shorter (31 January → 28/29 February), as Stripe does.
 */
export function addCycle(start: Date, cycle: BillingCycle): Date {
  const months = cycle === 'yearly' ? 12 : 1;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
