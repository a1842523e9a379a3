import { invoiceIdParamsSchema } from '@cotacep/shared/billing-schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { nfse } from '#server/db/schema/nfse.ts';
import { AppError } from '#server/lib/app-error.ts';
import { getOrganization } from '#server/plugins/organization-guard.ts';

const FORMATS = {
  pdf: {
    contentType: 'application/pdf',
    summary: 'Download the invoice’s NFS-e (its DANFSe) as a PDF',
  },
  xml: {
    contentType: 'application/xml',
    summary: 'Download the invoice’s NFS-e as XML, in the national layout',
  },
} as const;

const DESCRIPTION =
  'Members of the invoice’s organization only (billing.read); 404 `NfseNotFound` while the NFS-e is not ' +
  'issued, and for an invoice of another organization.';

/**
 * `<API_URL>/billing/invoices/{id}/nfse.pdf` and `/nfse.xml` (issue 27): the documents of an issued nota,
 * registered by billing's customer routes (same Bearer check, never cached). Another organization's
 * invoice answers as a missing one.
 */
export const nfseDownloadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const format of ['pdf', 'xml'] as const) {
    const { contentType, summary } = FORMATS[format];
    app.get(
      `/invoices/:id/nfse.${format}`,
      {
        preValidation: app.requirePermission('billing.read'),
        schema: {
          tags: ['Billing'],
          summary,
          description: DESCRIPTION,
          params: invoiceIdParamsSchema,
          response: { 200: { content: { [contentType]: { schema: z.string() } } } },
        },
      },
      async (request, reply) => {
        const [row] = await db
          .select({ number: nfse.number, pdf: nfse.pdf, xml: nfse.xml })
          .from(nfse)
          .where(
            and(eq(nfse.invoiceId, request.params.id), eq(nfse.organizationId, getOrganization(request).id)),
          );
        const content = format === 'pdf' ? row?.pdf : row?.xml && Buffer.from(row.xml, 'utf8');
        if (!row?.number || !content) throw new AppError('NfseNotFound');
        return (
          reply
            .type(format === 'pdf' ? contentType : `${contentType}; charset=utf-8`)
            .header(
              'content-disposition',
              `attachment; filename="NFS-e-${row.number.replace(/[^0-9A-Za-z-]/g, '')}.${format}"`,
            )
            // The schema documents the file for the OpenAPI document; Fastify sends a Buffer as it is, unserialized.
            .send(content as unknown as string)
        );
      },
    );
  }
};
