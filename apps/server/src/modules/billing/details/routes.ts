import { billingDetailsRequestSchema, billingDetailsSchema } from '@cotacep/shared/billing-details-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runAfterResponse } from '#server/lib/after-response.ts';
import { userRateLimit } from '#server/lib/user-rate-limit.ts';
import { getOrganization } from '#server/plugins/organization-guard.ts';
import { auditContextOf } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { findBillingDetails, saveBillingDetails, toBillingDetailsView } from './billing-details.ts';
import { syncProviderCustomer } from './sync-provider-customer.ts';

/**
 * `<API_URL>/billing/details` (issue 27): the one place an organization's billing details are kept, read by
 * every member with `billing.read` and changed by its Owners and Billing members (`billing.write`).
 * Registered by billing's customer routes (same Bearer check, never cached). A save reaches the payments
 * provider's customer after the answer (Stripe's copy, for its own invoices).
 */
export const billingDetailsRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  const { db } = billing;
  app.get(
    '/details',
    {
      preValidation: app.requirePermission('billing.read'),
      schema: {
        tags: ['Billing'],
        summary: 'The billing details that invoices and notas fiscais name',
        description:
          'The JSON `null` until an Owner or a Billing member saves them. A checkout in reais needs them with a CPF or CNPJ (409 `BillingDetailsRequired`).',
        response: { 200: billingDetailsSchema.nullable() },
      },
    },
    async (request) => {
      const row = await findBillingDetails(db, getOrganization(request).id);
      return row ? toBillingDetailsView(row) : null;
    },
  );

  app.put(
    '/details',
    {
      preValidation: app.requirePermission('billing.write'),
      schema: {
        tags: ['Billing'],
        summary: 'Save the billing details (the whole set)',
        description:
          'The country comes first: in Brazil (`BR`, the default) the legal name, a CPF or CNPJ with valid check digits (the alphanumeric CNPJ included; stored without punctuation), the CEP, street, number, district, city, UF and optionally the IBGE code of the city, the state and municipal registrations; elsewhere the name, an optional tax id and the address. One to three distinct e-mails receive the invoices and notas. A nota the issuer rejected is tried again.',
        body: billingDetailsRequestSchema,
        response: { 200: billingDetailsSchema },
      },
      config: userRateLimit(),
    },
    async (request) => {
      const organizationId = getOrganization(request).id;
      const saved = await saveBillingDetails(db, organizationId, request.body, auditContextOf(request));
      runAfterResponse(request.log, 'billing details to the provider', () =>
        syncProviderCustomer(billing, organizationId),
      );
      return saved;
    },
  );
};
