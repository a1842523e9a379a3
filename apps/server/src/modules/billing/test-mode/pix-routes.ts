import {
  invoiceIdParamsSchema,
  invoiceSchema,
  testCheckoutIdParamsSchema,
  testCheckoutSchema,
} from '@cotacep/shared/billing-schemas';
import { pixChargeSchema } from '@cotacep/shared/pix-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOrganization } from '#server/plugins/organization-guard.ts';
import { auditContextOf } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { getInvoice } from '../billing-summary.ts';
import { getTestCheckout } from './test-checkout.ts';
import {
  getInvoicePix,
  issueCheckoutPix,
  issueInvoicePix,
  payCheckoutPix,
  payInvoicePix,
} from './test-pix.ts';

/**
 * Test mode's Pix (issue 27), registered inside test-routes.ts (signed in, one organization): a code for a
 * checkout or any open invoice in reais, and "the bank" that pays it. A checkout whose code expires opens
 * again, so its page offers the card, the boleto or a new code.
 */
export const testPixRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  app.post(
    '/checkouts/:id/pix',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: "Test mode: the checkout's Pix code (the pending one, or a new one)",
        description:
          'A BR Code (the EMV "Pix copia e cola" payload, also shown as a QR code), valid for 30 minutes of the organization\'s billing clock (`secondsLeft` counts them down); reais only (400 `PixNeedsBrl`). The checkout waits for it as for a boleto; expired, the checkout opens again.',
        params: testCheckoutIdParamsSchema,
        response: { 200: pixChargeSchema },
      },
    },
    async (request) =>
      issueCheckoutPix(billing, getOrganization(request).id, request.params.id, auditContextOf(request)),
  );

  app.post(
    '/checkouts/:id/pix/pay',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: "Test mode: the bank pays the checkout's Pix code",
        description:
          'Paid once, however often the bank says so; an expired code cannot be paid (409 `PixExpired`).',
        params: testCheckoutIdParamsSchema,
        response: { 200: testCheckoutSchema },
      },
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      await payCheckoutPix(billing, organizationId, request.params.id);
      return getTestCheckout(billing, organizationId, request.params.id);
    },
  );

  app.get(
    '/invoices/:id/pix',
    {
      preValidation: app.requirePermission('billing.read'),
      schema: {
        tags: ['Billing'],
        summary: "Test mode: an invoice's newest Pix code and whether it was paid",
        params: invoiceIdParamsSchema,
        response: { 200: pixChargeSchema },
      },
    },
    async (request) => getInvoicePix(billing, getOrganization(request).id, request.params.id),
  );

  app.post(
    '/invoices/:id/pix',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: a Pix code for an open invoice (the pending one, or a new one)',
        description:
          "A BR Code (the EMV \"Pix copia e cola\" payload, also shown as a QR code), valid for 30 minutes of the organization's billing clock (`secondsLeft` counts them down); reais only (400 `PixNeedsBrl`). A renewal's or an upgrade's invoice keeps its boleto meanwhile.",
        params: invoiceIdParamsSchema,
        response: { 200: pixChargeSchema },
      },
    },
    async (request) => issueInvoicePix(billing, getOrganization(request).id, request.params.id),
  );

  app.post(
    '/invoices/:id/pix/pay',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: "Test mode: the bank pays an open invoice's Pix code",
        description:
          'Paid once, however often the bank says so; an expired code cannot be paid (409 `PixExpired`).',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      await payInvoicePix(billing, organizationId, request.params.id);
      return getInvoice(billing, organizationId, request.params.id);
    },
  );
};
