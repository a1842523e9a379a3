import { usageQuerySchema, usageSchema } from '@cotacep/shared/usage-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import type { Gateway } from '../gateway/gateway.ts';
import { getUsageReport } from './report.ts';

/** Plan consumption under `<API_URL>/usage`, behind the Bearer token. */
export const usageRoutes: FastifyPluginAsyncZod<{ gateway: Gateway }> = async (app, { gateway }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    { schema: { querystring: usageQuerySchema, response: { 200: usageSchema } } },
    async (request) => {
      // This instance's latest counts first, so the portal shows requests made a moment ago.
      await gateway.meter.flush();
      return getUsageReport(gateway.db, getAuthUser(request).id, request.query);
    },
  );
};
