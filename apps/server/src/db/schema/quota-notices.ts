import { pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';

/**
 * Quota e-mails sent (80 % and 100 % of a month's quota): the row is the decision, so however many
 * instances see an account cross a threshold, one e-mail goes out per account, month and threshold.
 */
export const quotaNotices = pgTable(
  'quota_notices',
  {
    organizationId: organizationIdColumn(),
    /** `YYYY-MM` (UTC), the quota's period. */
    month: text('month').notNull(),
    /** Percent of the quota: 80 or 100. */
    threshold: smallint('threshold').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.month, table.threshold] })],
);
