import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../../plugins/errors.ts';
import type { Metrics } from './metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Requests Fastify could not route (404s, the SPA's pages): one label, so a scan adds no series. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Every answer is observed (a root hook, hence fastify-plugin); `GET /metrics` answers Prometheus's text
 * format to the bearer of METRICS_TOKEN and a 404, as for any unknown path, to everyone else.
 */
export const metricsRoutes = fp(
  async (app: FastifyInstance, { metrics, token }: { metrics: Metrics; token: string }) => {
    const expected = digest(`Bearer ${token}`);
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(given, expected)) return sendError(request, reply, 'NotFound');
      reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
);
