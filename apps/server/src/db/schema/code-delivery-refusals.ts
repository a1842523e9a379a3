import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Which hourly limit refused a code: the account's, the client IP's, the phone prefix's or the e-mail domain's. */
export type DeliveryLimitScope = 'account' | 'ip' | 'phone_prefix' | 'email_domain';

/**
 * Codes refused by an hourly delivery limit (issue 22, SMS pumping), counted per limit and clock hour: the
 * figure to watch and alert on. Each refusal is also logged (`event: "code_delivery_refused"`).
 */
export const codeDeliveryRefusals = pgTable(
  'code_delivery_refusals',
  {
    scope: text('scope').$type<DeliveryLimitScope>().notNull(),
    /** The start of the UTC hour the refusals fell in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.hour] })],
);
