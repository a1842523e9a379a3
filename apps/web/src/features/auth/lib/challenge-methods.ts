import type { MfaMethod, SecondFactorMethod } from '@cotacep/shared/auth-fields';

/** The methods whose code the server sends (by e-mail or SMS): they have a destination and a resend wait. */
export function isSentCode(method: SecondFactorMethod): method is MfaMethod {
  return method === 'email' || method === 'sms';
}

/** Where this challenge's e-mail or SMS code went, once one was sent, and when (for the resend countdown). */
export type CodeDelivery = { destination: string | null; resendAfter: number; sentAt: number };

/** Seconds still to wait before another code, counted from when it was sent. */
export function remainingWait(delivery: CodeDelivery | null, now = Date.now()): number {
  if (!delivery) return 0;
  return Math.max(0, Math.ceil(delivery.resendAfter - (now - delivery.sentAt) / 1000));
}
