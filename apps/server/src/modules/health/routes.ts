import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable.ts';
import { sendError } from '../../plugins/errors.ts';

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers too). */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    if (!(await options.database.ping())) {
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return sendError(request, reply, 'ServiceUnavailable');
    }
    return { status: 'ok', database: options.database.kind };
  });
}
