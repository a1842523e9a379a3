import {
  billingSummarySchema,
  invoiceIdParamsSchema,
  invoiceSchema,
  redirectSchema,
  testCheckoutIdParamsSchema,
  testCheckoutPayRequestSchema,
  testCheckoutSchema,
  testClockRequestSchema,
  testClockSchema,
  testManageRequestSchema,
} from '@cotacep/shared/billing-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userRateLimit } from '#server/lib/user-rate-limit.ts';
import { getOrganization } from '#server/plugins/organization-guard.ts';
import { auditContextOf } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { getBillingSummary, getInvoice } from '../billing-summary.ts';
import { cancelCheckout } from '../checkout.ts';
import { sweepBilling } from '../sweeper.ts';
import { testPixRoutes } from './pix-routes.ts';
import { getTestCheckout, payTestCheckout, settleCheckoutBoleto, settleTestBoleto } from './test-checkout.ts';
import { manageTestSubscription } from './test-manage.ts';
import { refundTestInvoice } from './test-refund.ts';

const boletoOutcomeSchema = z.object({ outcome: z.enum(['paid', 'expired']) });

/**
 * The API of test mode's own pages under `<API_URL>/billing/test` (PAYMENTS_PROVIDER=test, never in
 * production): the checkout page, the bank's answer to a boleto, the manage page and the billing clock.
 */
export const testModeRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  app.addHook('onRequest', app.authenticate);
  // Each customer's own clock: moving it moves no other account's renewals (Stripe's test clocks).
  const clockView = async (organizationId: string) => {
    const offset = await billing.clock.offsetMs(organizationId);
    return { now: new Date(Date.now() + offset).toISOString(), offsetDays: Math.round(offset / 86_400_000) };
  };

  app.get(
    '/checkouts/:id',
    {
      preValidation: app.requirePermission('billing.read'),
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: a checkout',
        params: testCheckoutIdParamsSchema,
        response: { 200: testCheckoutSchema },
      },
    },
    async (request) => getTestCheckout(billing, getOrganization(request).id, request.params.id),
  );

  app.post(
    '/checkouts/:id/pay',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: pay a checkout with a test card or boleto',
        params: testCheckoutIdParamsSchema,
        body: testCheckoutPayRequestSchema,
        response: { 200: redirectSchema },
      },
    },
    async (request) =>
      payTestCheckout(
        billing,
        getOrganization(request).id,
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
  );

  app.post(
    '/checkouts/:id/cancel',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: cancel a checkout',
        params: testCheckoutIdParamsSchema,
        response: { 200: redirectSchema },
      },
      config: userRateLimit(),
    },
    async (request) => {
      await cancelCheckout(billing, getOrganization(request).id);
      return { url: billing.pageUrl('/pricing?checkout=cancelled') };
    },
  );

  app.post(
    '/checkouts/:id/boleto',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: "Test mode: the bank's answer to a checkout's boleto",
        params: testCheckoutIdParamsSchema,
        body: boletoOutcomeSchema,
        response: { 200: testCheckoutSchema },
      },
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      await settleCheckoutBoleto(billing, organizationId, request.params.id, request.body.outcome);
      return getTestCheckout(billing, organizationId, request.params.id);
    },
  );

  app.post(
    '/invoices/:id/boleto',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: "Test mode: the bank's answer to a renewal's boleto",
        params: invoiceIdParamsSchema,
        body: boletoOutcomeSchema,
        response: { 200: billingSummarySchema },
      },
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      await settleTestBoleto(billing, organizationId, request.params.id, request.body.outcome);
      return getBillingSummary(billing, organizationId);
    },
  );

  app.post(
    '/invoices/:id/refund',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: the bank reverses a paid invoice (it becomes void, its NFS-e is cancelled)',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      await refundTestInvoice(billing, organizationId, request.params.id, auditContextOf(request));
      return getInvoice(billing, organizationId, request.params.id);
    },
  );

  app.post(
    '/manage',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: change or cancel the subscription',
        body: testManageRequestSchema,
        response: { 200: billingSummarySchema },
      },
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      await manageTestSubscription(billing, organizationId, request.body, auditContextOf(request));
      return getBillingSummary(billing, organizationId);
    },
  );

  app.get(
    '/clock',
    {
      preValidation: app.requirePermission('billing.read'),
      schema: {
        tags: ['Billing'],
        summary: "Test mode: the customer's billing clock",
        response: { 200: testClockSchema },
      },
    },
    async (request) => clockView(getOrganization(request).id),
  );

  // Pix (issue 27): a code for a checkout or an open invoice, and the bank that pays it.
  await app.register(testPixRoutes, { billing });

  // Development and tests only: the test provider is refused in production (config.ts).
  app.post(
    '/clock',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: "Test mode: move the customer's billing clock forward (no other account's)",
        body: testClockRequestSchema,
        response: { 200: testClockSchema },
      },
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      await billing.clock.advance(organizationId, request.body.days);
      await sweepBilling(billing);
      return clockView(organizationId);
    },
  );
};
