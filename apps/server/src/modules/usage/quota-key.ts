/**
 * The month's quota key in Redis: the gateway's counters take units on it, and the usage meter's settle
 * script gives units back on it too (decision 018).
 */
export const quotaKeyOf = (keyPrefix: string, accountId: string, month: string) =>
  `${keyPrefix}{${accountId}}:quota:${month}`;
