import { statusResponseSchema } from '@cotacep/shared/status-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SourceHealthRegistry } from '../../lib/source-health.ts';
import { getStatus } from './derive-status.ts';

export const STATUS_PATH = '/api/status';

/**
 * The public status of both APIs: whether each answers, and from how recent data, with every source's
 * freshness. No authentication. What only operators need (circuits, upstream errors) is in the log.
 */
export async function statusRoutes(
  app: FastifyInstance,
  { sourceHealth }: { sourceHealth: SourceHealthRegistry },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    STATUS_PATH,
    {
      schema: {
        tags: ['Status'],
        summary: 'Whether each API answers, and how current its data is',
        description:
          'Each API is operational (current data), stale (it answers, from older data: `dataAsOf` says from ' +
          'when) or in outage (it cannot answer). The overall `status` is `outage` only when an API is in ' +
          'outage, `degraded` when one answers from stale data.',
        response: { 200: statusResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('access-control-allow-origin', '*');
      return getStatus(sourceHealth, new Date());
    },
  );
}
