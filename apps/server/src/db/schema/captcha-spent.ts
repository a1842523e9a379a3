import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** ALTCHA solutions already used, kept until their challenge expires, so one proof of work passes once. */
export const captchaSpent = pgTable('captcha_spent', {
  challengeId: text('challenge_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
