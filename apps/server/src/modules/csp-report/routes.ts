import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { CSP_REPORT_PATH } from '../../plugins/security-headers.ts';
import { readViolations } from './violation.ts';

/** The two bodies browsers send: `report-uri`'s and the Reporting API's (`report-to`). */
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
const REPORT_BODY_LIMIT = 16 * 1024;

/**
 * `POST /api/csp-report`: browsers report Content-Security-Policy violations here. Anonymous and outside the
 * portal scope (no XSRF check: a browser sends reports without our header), small bodies, limited per IP;
 * each violation is logged at warn and the answer is always 204.
 */
export async function cspReportRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    REPORT_TYPES,
    { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('BadRequest'), undefined);
      }
    },
  );

  app.post(
    CSP_REPORT_PATH,
    {
      bodyLimit: REPORT_BODY_LIMIT,
      schema: { hide: true },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      for (const violation of readViolations(request.body)) {
        request.log.warn({ cspViolation: violation }, 'Content-Security-Policy violation');
      }
      return reply.code(204).send();
    },
  );
}
