import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type OutboxChannel, outboxMessages } from '../../db/schema/outbox-messages.ts';

export type OutboxMessage = {
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  language: string;
};

export async function saveToOutbox(db: Db, message: OutboxMessage): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/** Newest first; filtered by recipient when given. */
export function listOutbox(db: Db, channel: OutboxChannel, recipient?: string, limit = 50) {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, channel),
        recipient ? eq(outboxMessages.recipient, recipient) : undefined,
      ),
    )
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
}
