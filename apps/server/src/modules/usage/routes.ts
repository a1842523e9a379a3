import { Readable } from 'node:stream';
import { usageCsvQuerySchema, usageQuerySchema, usageSchema } from '@cotacep/shared/usage-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requestLanguage } from '../../lib/language.ts';
import { getOrganization } from '../../plugins/organization-guard.ts';
import { getUsageCsv } from './csv-export.ts';
import type { Metering } from './metering.ts';
import { getUsageReport } from './report.ts';

/**
 * Plan consumption under `<API_URL>/usage`, behind the Bearer token, and the chart's numbers as a file
 * at `<API_URL>/usage.csv` (the path `.csv` joins the `/usage` prefix).
 */
export const usageRoutes: FastifyPluginAsyncZod<{ db: Db; meter: Metering }> = async (app, { db, meter }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      preValidation: app.requirePermission('usage.read'),
      schema: {
        tags: ['Usage'],
        summary: 'Consumption of the current period: per day, month, token and project',
        querystring: usageQuerySchema,
        response: { 200: usageSchema },
      },
    },
    async (request) => {
      // This instance's latest counts first, so the portal shows requests made a moment ago.
      await meter.flush();
      return getUsageReport(db, getOrganization(request).id, request.query);
    },
  );

  app.get(
    '.csv',
    {
      preValidation: app.requirePermission('usage.read'),
      schema: { tags: ['Usage'], summary: 'The same consumption as CSV', querystring: usageCsvQuerySchema },
    },
    async (request, reply) => {
      await meter.flush();
      const csv = await getUsageCsv(db, getOrganization(request).id, request.query, requestLanguage(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv.lines));
    },
  );
};
