import { z } from 'zod';

/**
 * The public `GET /api/status`: whether each API answers, and how current its data is. It tells what a
 * customer meets, not how the server works: no circuit states, no error messages, no package names (those
 * go to the server's log).
 */
export const STATUS_APIS = ['quotes', 'cep'] as const;
export type StatusApi = (typeof STATUS_APIS)[number];

/** operational: answers from current data; stale: answers, from data older than it should be; outage: cannot answer. */
export const API_STATES = ['operational', 'stale', 'outage'] as const;
export type ApiState = (typeof API_STATES)[number];

export const statusApiSchema = z.object({
  api: z.enum(STATUS_APIS),
  state: z.enum(API_STATES).meta({
    description:
      'operational: it answers from current data. stale: it answers, from data older than its sources’ ' +
      'freshness targets (dataAsOf says how old). outage: it cannot answer: it has no data at all (quotes) ' +
      'or every provider’s last lookup failed (CEP).',
  }),
  dataAsOf: z.string().nullable().meta({
    description: 'While stale: the as-of time of the oldest data it still answers from. Otherwise null.',
  }),
});
export type StatusApiEntry = z.infer<typeof statusApiSchema>;

export const statusSourceSchema = z.object({
  name: z.string().meta({ description: 'The source’s stable identifier' }),
  api: z.enum(STATUS_APIS),
  state: z.enum(API_STATES).meta({
    description:
      'Scheduled sources: operational while their data is within cadenceMs, stale when older, outage with no ' +
      'data at all. On-demand sources (onDemand): outage while their last answer was a failure, operational otherwise',
  }),
  cadenceMs: z.number().meta({ description: 'How often the source is expected to deliver fresh data' }),
  lastSuccessAt: z.string().nullable().meta({
    description:
      'Quotes sources: the as-of time of the newest data the source has delivered. CEP providers: the last answer.',
  }),
  lastFailureAt: z.string().nullable(),
  ageMs: z.number().nullable().meta({ description: 'Milliseconds since lastSuccessAt' }),
  isStale: z.boolean().meta({
    description:
      'Scheduled sources: no success yet, or older than cadenceMs. On-demand sources (onDemand): the last answer was a failure',
  }),
  onDemand: z.boolean().meta({ description: 'Asked only when a request needs it (CEP providers)' }),
  isFallback: z.boolean().meta({
    description:
      'A last resort (the bundled dataset): it answers for live sources that have no data of their own',
  }),
});
export type StatusSource = z.infer<typeof statusSourceSchema>;

export const statusResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'outage']).meta({
      description:
        'outage when an API cannot answer; degraded when none is down but one answers from stale data; ok otherwise',
    }),
    generatedAt: z.string(),
    apis: z
      .array(statusApiSchema)
      .meta({ description: 'Each API this server runs (none on a portal-only one)' }),
    sources: z.array(statusSourceSchema),
  })
  .meta({ id: 'Status' });
export type StatusResponse = z.infer<typeof statusResponseSchema>;
