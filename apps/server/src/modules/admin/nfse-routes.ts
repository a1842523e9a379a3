import {
  adminCustomerNfseListSchema,
  adminNfseAttentionListSchema,
  adminNfseAttentionQuerySchema,
  adminNfseParamsSchema,
  nfseRetriedResponseSchema,
} from '@cotacep/shared/admin-nfse-schemas';
import { adminOrganizationParamsSchema, staffActionRequestSchema } from '@cotacep/shared/admin-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '../audit/record.ts';
import { type AdminNfseDeps, listCustomerNfse, listNfseNeedingAttention, retryCustomerNfse } from './nfse.ts';
import { requireStaffAction } from './staff-access.ts';

const TAGS = ['Admin'];

/**
 * The console's NFS-e (issue 27), registered inside the admin scope (`routes.ts`): its staff check runs
 * first, so both roles read and only `staff` retries.
 */
export const adminNfseRoutes: FastifyPluginAsyncZod<AdminNfseDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/customers/:organizationId/nfse',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: a customer’s notas fiscais (NFS-e), newest first, with rejections and errors',
        params: adminOrganizationParamsSchema,
        response: { 200: adminCustomerNfseListSchema },
      },
    },
    async (request) => listCustomerNfse(db, request.params.organizationId),
  );

  app.get(
    '/nfse',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: notas fiscais (NFS-e) needing attention across customers: rejected, or failing to be issued or cancelled',
        querystring: adminNfseAttentionQuerySchema,
        response: { 200: adminNfseAttentionListSchema },
      },
    },
    async (request) => listNfseNeedingAttention(db, request.query),
  );

  app.post(
    '/customers/:organizationId/nfse/:invoiceId/retry',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: try a rejected or failing nota fiscal (NFS-e) again now',
        params: adminNfseParamsSchema,
        body: staffActionRequestSchema,
        response: { 200: nfseRetriedResponseSchema },
      },
    },
    async (request) =>
      retryCustomerNfse(
        deps,
        auditContextOf(request, { type: 'staff' }),
        request.params.organizationId,
        request.params.invoiceId,
        request.body.reason,
      ),
  );
};
