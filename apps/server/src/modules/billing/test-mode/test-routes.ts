import {
  billingSummarySchema,
  invoiceIdParamsSchema,
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
import { getAuthUser } from '#server/plugins/auth-guard.ts';
import type { Billing } from '../billing.ts';
import { getBillingSummary } from '../billing-summary.ts';
import { cancelCheckout } from '../checkout.ts';
import { sweepBilling } from '../sweeper.ts';
import { getTestCheckout, payTestCheckout, settleCheckoutBoleto, settleTestBoleto } from './test-checkout.ts';
import { manageTestSubscription } from './test-manage.ts';

const boletoOutcomeSchema = z.object({ outcome: z.enum(['paid', 'expired']) });

/**
 * The API of test mode's own pages under `<API_URL>/billing/test` (PAYMENTS_PROVIDER=test, never in
 * production): the checkout page, the bank's answer to a boleto, the manage page and the billing clock.
 */
export const testModeRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  app.addHook('onRequest', app.authenticate);
  const clockView = () => ({
    now: new Date(billing.clock.now()).toISOString(),
    offsetDays: Math.round(billing.clock.offsetMs() / 86_400_000),
  });

  app.get(
    '/checkouts/:id',
    {
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: a checkout',
        params: testCheckoutIdParamsSchema,
        response: { 200: testCheckoutSchema },
      },
    },
    async (request) => getTestCheckout(billing, getAuthUser(request).id, request.params.id),
  );

  app.post(
    '/checkouts/:id/pay',
    {
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: pay a checkout with a test card or boleto',
        params: testCheckoutIdParamsSchema,
        body: testCheckoutPayRequestSchema,
        response: { 200: redirectSchema },
      },
    },
    async (request) => payTestCheckout(billing, getAuthUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/checkouts/:id/cancel',
    {
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: cancel a checkout',
        params: testCheckoutIdParamsSchema,
        response: { 200: redirectSchema },
      },
    },
    async (request) => {
      await cancelCheckout(billing, getAuthUser(request).id);
      return { url: billing.pageUrl('/pricing?checkout=cancelled') };
    },
  );

  app.post(
    '/checkouts/:id/boleto',
    {
      schema: {
        tags: ['Billing'],
        summary: "Test mode: the bank's answer to a checkout's boleto",
        params: testCheckoutIdParamsSchema,
        body: boletoOutcomeSchema,
        response: { 200: testCheckoutSchema },
      },
    },
    async (request) => {
      const userId = getAuthUser(request).id;
      await settleCheckoutBoleto(billing, userId, request.params.id, request.body.outcome);
      return getTestCheckout(billing, userId, request.params.id);
    },
  );

  app.post(
    '/invoices/:id/boleto',
    {
      schema: {
        tags: ['Billing'],
        summary: "Test mode: the bank's answer to a renewal's boleto",
        params: invoiceIdParamsSchema,
        body: boletoOutcomeSchema,
        response: { 200: billingSummarySchema },
      },
    },
    async (request) => {
      const userId = getAuthUser(request).id;
      await settleTestBoleto(billing, userId, request.params.id, request.body.outcome);
      return getBillingSummary(billing, userId);
    },
  );

  app.post(
    '/manage',
    {
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: change or cancel the subscription',
        body: testManageRequestSchema,
        response: { 200: billingSummarySchema },
      },
    },
    async (request) => {
      const userId = getAuthUser(request).id;
      await manageTestSubscription(billing, userId, request.body);
      return getBillingSummary(billing, userId);
    },
  );

  app.get(
    '/clock',
    {
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: the billing clock',
        response: { 200: testClockSchema },
      },
    },
    async () => clockView(),
  );

  // Development and tests only: the test provider is refused in production (config.ts).
  app.post(
    '/clock',
    {
      schema: {
        tags: ['Billing'],
        summary: 'Test mode: move the billing clock forward',
        body: testClockRequestSchema,
        response: { 200: testClockSchema },
      },
    },
    async (request) => {
      await billing.clock.advance(request.body.days);
      await sweepBilling(billing);
      return clockView();
    },
  );
};
