import { z } from 'zod';

/** A Twilio-style SMS REST API; without all four values SMS go to the outbox (dev mailbox). */
export const smsEnv = {
  SMS_API_URL: z.url().optional(),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
};
