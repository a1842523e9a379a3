import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { listOutbox } from './outbox.ts';

const query = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * The development mailbox: e-mails and SMS kept in the outbox. Registered only outside production
 * (identity-routes checks NODE_ENV), because it shows every code.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const toJson = (row: Awaited<ReturnType<typeof listOutbox>>[number]) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  });
  app.get('/dev/mailbox', { schema: { hide: true, querystring: query } }, async (request) => ({
    messages: (await listOutbox(db, 'email', request.query.to, request.query.limit)).map(toJson),
  }));
  app.get('/dev/mailbox/sms', { schema: { hide: true, querystring: query } }, async (request) => ({
    messages: (await listOutbox(db, 'sms', request.query.to, request.query.limit)).map(toJson),
  }));
};
