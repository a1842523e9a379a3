import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type OutboxChannel = 'email' | 'sms';

/** E-mails and SMS kept instead of sent when no SMTP server / SMS provider is configured (the dev mailbox). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_channel_created_idx').on(table.channel, table.createdAt)],
);
