import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SourceHealthRegistry } from '../../lib/source-health.ts';

export const STATUS_PATH = '/api/status';

const sourceSchema = z.object({
  name: z.string(),
  api: z.enum(['quotes', 'cep']),
  cadenceMs: z.number().meta({ description: 'How often the source is expected to deliver fresh data' }),
  lastSuccessAt: z.string().nullable().meta({
    description:
      'Quotes sources: the as-of time of the newest data the source has delivered. CEP providers: the last answer.',
  }),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
  ageMs: z.number().nullable().meta({ description: 'Milliseconds since lastSuccessAt' }),
  isStale: z.boolean().meta({
    description:
      'Scheduled sources: no success yet, or older than cadenceMs. On-demand sources (onDemand): the last answer was a failure',
  }),
  onDemand: z.boolean().meta({ description: 'Asked only when a request needs it (CEP providers)' }),
  isFallback: z.boolean().meta({
    description: 'A last resort (the bundled dataset): its age alone never makes the status degraded',
  }),
  circuit: z.enum(['closed', 'open', 'half-open']),
});

export const statusResponse = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .meta({ description: 'degraded when any source but a fallback is stale or its circuit is not closed' }),
    generatedAt: z.string(),
    sources: z.array(sourceSchema),
  })
  .meta({ id: 'Status' });

/**
 * The public status page of the data sources behind both APIs: per source, the last success, its age,
 * whether that is stale for the source's cadence, and the circuit state. No authentication.
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
        summary: 'Freshness and health of every data source',
        response: { 200: statusResponse },
      },
    },
    async (_request, reply) => {
      const now = new Date();
      const sources = sourceHealth
        .list(now)
        .sort((a, b) => a.api.localeCompare(b.api) || a.name.localeCompare(b.name))
        .map((source) => ({
          name: source.name,
          api: source.api,
          cadenceMs: source.cadenceMs,
          lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
          lastFailureAt: source.lastFailureAt?.toISOString() ?? null,
          lastError: source.lastError,
          ageMs: source.ageMs,
          isStale: source.isStale,
          onDemand: source.onDemand,
          isFallback: source.isFallback,
          circuit: source.circuit,
        }));
      const isDegraded = sources.some(
        (source) => !source.isFallback && (source.isStale || source.circuit !== 'closed'),
      );
      reply.header('cache-control', 'no-store');
      reply.header('access-control-allow-origin', '*');
      return {
        status: isDegraded ? ('degraded' as const) : ('ok' as const),
        generatedAt: now.toISOString(),
        sources,
      };
    },
  );
}
