import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { outboxMessages } from '#server/db/schema/outbox-messages.ts';

/**
 * The quota e-mails kept in the outbox for a recipient, oldest first, once there are `expected` of them
 * (they are sent off the request's path) and a little longer, so one too many is seen too.
 */
export async function quotaMails(db: Db, recipient: string, expected: number, timeoutMs = 5_000) {
  const read = () =>
    db
      .select({
        subject: outboxMessages.subject,
        text: outboxMessages.text,
        language: outboxMessages.language,
      })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, recipient)))
      .orderBy(asc(outboxMessages.createdAt));
  const deadline = Date.now() + timeoutMs;
  while ((await read()).length < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
  return read();
}
