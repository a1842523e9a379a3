import {
  billingSummarySchema,
  checkoutRequestSchema,
  invoiceIdParamsSchema,
  invoiceListSchema,
  invoiceSchema,
  redirectSchema,
} from '@cotacep/shared/billing-schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingAccounts } from '../../db/schema/billing-accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/language.ts';
import { userRateLimit } from '../../lib/user-rate-limit.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { getOrganization } from '../../plugins/organization-guard.ts';
import { nfseDownloadRoutes } from '../nfse/routes.ts';
import type { Billing } from './billing.ts';
import { getBillingSummary, getInvoice, listInvoices } from './billing-summary.ts';
import { cancelCheckout, startCheckout } from './checkout.ts';
import { billingDetailsRoutes } from './details/routes.ts';
import { renderInvoicePdf } from './invoice-pdf/invoice-pdf.ts';
import { stripeWebhookRoutes } from './stripe/stripe-webhook-routes.ts';
import { testModeRoutes } from './test-mode/test-routes.ts';

/**
 * Billing under `<API_URL>/billing` (decision 014): the summary, checkout, "Manage subscription" and
 * invoices behind the Bearer token; the provider's own routes (Stripe's webhooks, or test mode's pages'
 * API) in their own scopes.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  if (billing.provider.kind === 'stripe') await app.register(stripeWebhookRoutes, { billing });
  else await app.register(testModeRoutes, { prefix: '/test', billing });
  await app.register(customerRoutes, { billing });
};

/** The signed-in customer's billing: never cached, since it changes with every payment. */
const customerRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (customer, { billing }) => {
  customer.addHook('onRequest', customer.authenticate);
  customer.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  customer.get(
    '/',
    {
      preValidation: customer.requirePermission('billing.read'),
      schema: {
        tags: ['Billing'],
        summary: 'Billing summary: plan, period, next payment',
        response: { 200: billingSummarySchema },
      },
    },
    async (request) => getBillingSummary(billing, getOrganization(request).id),
  );

  customer.post(
    '/checkout',
    {
      preValidation: customer.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: "Start buying a plan (answers the provider's checkout URL)",
        body: checkoutRequestSchema,
        response: { 200: redirectSchema },
      },
    },
    async (request) =>
      startCheckout(
        billing,
        { organizationId: getOrganization(request).id, userId: getAuthUser(request).id },
        request.body,
        requestLanguage(request),
      ),
  );

  customer.post(
    '/checkout/cancel',
    {
      preValidation: customer.requirePermission('billing.write'),
      schema: { tags: ['Billing'], summary: 'Give up a started checkout' },
      config: userRateLimit(),
    },
    async (request, reply) => {
      await cancelCheckout(billing, getOrganization(request).id);
      return reply.code(204).send();
    },
  );

  customer.post(
    '/portal',
    {
      preValidation: customer.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: "Manage the subscription (answers the provider's page URL)",
        response: { 200: redirectSchema },
      },
      // Each call asks the payment provider for a new page.
      config: userRateLimit(),
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      const [account] = await billing.db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.organizationId, organizationId));
      if (!account) throw new AppError('SubscriptionNotFound');
      return billing.provider.createPortal({
        customerId: account.customerId,
        returnUrl: billing.pageUrl('/account/settings?tab=billing'),
        language: requestLanguage(request),
      });
    },
  );

  customer.get(
    '/invoices',
    {
      preValidation: customer.requirePermission('billing.read'),
      schema: { tags: ['Billing'], summary: 'List the invoices', response: { 200: invoiceListSchema } },
    },
    async (request) => ({
      items: await listInvoices(billing, getOrganization(request).id),
    }),
  );

  customer.get(
    '/invoices/:id',
    {
      preValidation: customer.requirePermission('billing.read'),
      schema: {
        tags: ['Billing'],
        summary: 'Get an invoice',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => getInvoice(billing, getOrganization(request).id, request.params.id),
  );

  customer.get(
    '/invoices/:id/pdf',
    {
      preValidation: customer.requirePermission('billing.read'),
      schema: {
        tags: ['Billing'],
        summary: 'Download an invoice as a PDF, in the request language',
        params: invoiceIdParamsSchema,
      },
    },
    async (request, reply) => {
      const invoice = await getInvoice(billing, getOrganization(request).id, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
        .send(renderInvoicePdf(invoice, requestLanguage(request)));
    },
  );

  // The billing details that invoices and notas name (issue 27).
  await customer.register(billingDetailsRoutes, { billing });
  // The invoice's NFS-e, as PDF and XML (issue 27).
  await customer.register(nfseDownloadRoutes, { db: billing.db });
};
