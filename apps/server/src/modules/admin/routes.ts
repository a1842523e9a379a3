import {
  adminActivityQuerySchema,
  adminCustomerListQuerySchema,
  adminCustomerListSchema,
  adminCustomerSchema,
  adminImpersonationParamsSchema,
  adminKeyParamsSchema,
  adminOrganizationParamsSchema,
  adminOverviewSchema,
  adminUserParamsSchema,
  closureListQuerySchema,
  closureListSchema,
  confirmationResentResponseSchema,
  keyDisabledResponseSchema,
  quotaGrantRequestSchema,
  quotaGrantResponseSchema,
  sessionsEndedResponseSchema,
  staffActionRequestSchema,
  staffActivityQuerySchema,
  staffMemberListSchema,
  staffPlanRequestSchema,
  staffPlanResponseSchema,
  suspensionResponseSchema,
  viewAsRequestSchema,
  viewAsResponseSchema,
} from '@cotacep/shared/admin-schemas';
import { activityPageSchema } from '@cotacep/shared/audit-schemas';
import { usageQuerySchema, usageSchema } from '@cotacep/shared/usage-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SourceHealthRegistry } from '../../lib/source-health.ts';
import { sendError } from '../../plugins/errors.ts';
import { listActivity, trailPageFilter } from '../audit/activity-query.ts';
import { auditContextOf } from '../audit/record.ts';
import type { Metering } from '../usage/metering.ts';
import { getUsageReport } from '../usage/report.ts';
import {
  type ActionDeps,
  changePlan,
  disableKey,
  endSessions,
  endViewAs,
  grantQuota,
  reactivate,
  resendConfirmation,
  startViewAs,
  suspend,
} from './actions.ts';
import { recordCustomerViewed } from './customer-viewed.ts';
import { findOrganization, getCustomer, listClosures, listStaff, searchCustomers } from './customers.ts';
import { adminNfseRoutes } from './nfse-routes.ts';
import { getOverview } from './overview.ts';
import { createStaffCheck, requireStaffAction } from './staff-access.ts';

export type AdminRouteOptions = ActionDeps & {
  meter: Metering;
  sourceHealth: SourceHealthRegistry;
  staffSessionTtlHours: number;
  /** Wakes the NFS-e worker: a nota staff retried is tried at once, not at the next sweep. */
  onNfseDue: () => void;
};

const TAGS = ['Admin'];

/**
 * The staff console's API (issue 26) under `<API_URL>/admin`. Every path under it, existing or not, first needs
 * a signed-in member of staff: 401 without a token, 403 `StaffOnly` for a customer; so a made-up path tells
 * nobody but staff that it does not exist. Reads are open to `staff` and `support`; actions (each with a reason,
 * recorded in the customer's own trail) to `staff` only.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, options) => {
  const { db, meter, sourceHealth } = options;
  app.decorateRequest('staff', null);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', createStaffCheck(db, options.staffSessionTtlHours));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // The scope's own 404, behind the same hooks: only staff learn that a path does not exist.
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'NotFound'));

  const staffContext = (request: Parameters<typeof auditContextOf>[0]) =>
    auditContextOf(request, { type: 'staff' });

  app.get(
    '/overview',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: traffic of the last hour, sign-ups, paying organizations and revenue, data sources',
        response: { 200: adminOverviewSchema },
      },
    },
    async () => {
      await meter.flush();
      return getOverview(db, sourceHealth);
    },
  );

  app.get(
    '/customers',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: search customers (organizations) by name, e-mail, CPF/CNPJ, id or key prefix',
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListSchema },
      },
    },
    async (request) => {
      await meter.flush();
      return searchCustomers(db, request.query);
    },
  );

  app.get(
    '/customers/:organizationId',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: a customer: members, plan and subscription, keys, invoices, sessions and quota',
        params: adminOrganizationParamsSchema,
        response: { 200: adminCustomerSchema },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      await meter.flush();
      const customer = await getCustomer(db, organizationId);
      await recordCustomerViewed(db, staffContext(request), organizationId);
      return customer;
    },
  );

  app.get(
    '/customers/:organizationId/usage',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: a customer’s consumption, as their own dashboard shows it',
        params: adminOrganizationParamsSchema,
        querystring: usageQuerySchema,
        response: { 200: usageSchema },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      await findOrganization(db, organizationId);
      await meter.flush();
      return getUsageReport(db, organizationId, request.query);
    },
  );

  app.get(
    '/customers/:organizationId/activity',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: a customer’s audit trail, staff named',
        params: adminOrganizationParamsSchema,
        querystring: adminActivityQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      await findOrganization(db, organizationId);
      const { query } = request;
      const actor =
        query.actor === undefined
          ? {}
          : query.actor === 'staff' || query.actor === 'system'
            ? { actorType: query.actor as 'staff' | 'system' }
            : { actorId: query.actor };
      return listActivity(db, { organizationId, ...actor, ...trailPageFilter(query), revealStaff: true });
    },
  );

  app.get(
    '/staff-activity',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: every staff action, newest first',
        querystring: staffActivityQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    async (request) => {
      const { query } = request;
      return listActivity(db, {
        actorType: 'staff',
        ...(query.staffId ? { actorId: query.staffId } : {}),
        ...(query.organizationId ? { organizationId: query.organizationId } : {}),
        ...trailPageFilter(query),
        revealStaff: true,
      });
    },
  );

  app.get(
    '/staff',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: the staff members and their roles',
        response: { 200: staffMemberListSchema },
      },
    },
    async () => listStaff(db),
  );

  // The notas fiscais (issue 27): their reads and the retry, behind the same staff check.
  await app.register(adminNfseRoutes, { db, onNfseDue: options.onNfseDue });

  app.get(
    '/closures',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: pending account closures',
        querystring: closureListQuerySchema,
        response: { 200: closureListSchema },
      },
    },
    async (request) => listClosures(db, request.query.page, request.query.limit),
  );

  // Actions: staff only (support: 403 StaffActionDenied, before the body is even read), each with a reason.

  app.post(
    '/customers/:organizationId/plan',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: set a customer’s plan (Enterprise included) when no paid subscription decides it',
        params: adminOrganizationParamsSchema,
        body: staffPlanRequestSchema,
        response: { 200: staffPlanResponseSchema },
      },
    },
    async (request) => {
      await meter.flush();
      return changePlan(options, staffContext(request), request.params.organizationId, request.body);
    },
  );

  app.post(
    '/customers/:organizationId/quota-grants',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: grant a customer extra requests for the current period',
        params: adminOrganizationParamsSchema,
        body: quotaGrantRequestSchema,
        response: { 200: quotaGrantResponseSchema },
      },
    },
    async (request) => {
      // The quota answered counts this instance's latest requests too.
      await meter.flush();
      return grantQuota(options, staffContext(request), request.params.organizationId, request.body);
    },
  );

  app.post(
    '/customers/:organizationId/suspend',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary:
          'Staff: suspend a customer: its keys and its portal stop at once, its members are signed out',
        params: adminOrganizationParamsSchema,
        body: staffActionRequestSchema,
        response: { 200: suspensionResponseSchema },
      },
    },
    async (request) =>
      suspend(options, staffContext(request), request.params.organizationId, request.body.reason),
  );

  app.post(
    '/customers/:organizationId/reactivate',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: reactivate a suspended customer',
        params: adminOrganizationParamsSchema,
        body: staffActionRequestSchema,
        response: { 200: suspensionResponseSchema },
      },
    },
    async (request) =>
      reactivate(options, staffContext(request), request.params.organizationId, request.body.reason),
  );

  app.post(
    '/customers/:organizationId/keys/:keyId/disable',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: disable a customer’s key',
        params: adminKeyParamsSchema,
        body: staffActionRequestSchema,
        response: { 200: keyDisabledResponseSchema },
      },
    },
    async (request) =>
      disableKey(
        options,
        staffContext(request),
        request.params.organizationId,
        request.params.keyId,
        request.body.reason,
      ),
  );

  app.post(
    '/users/:userId/resend-confirmation',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: send a person a new sign-up confirmation code',
        params: adminUserParamsSchema,
        body: staffActionRequestSchema,
        response: { 200: confirmationResentResponseSchema },
      },
    },
    async (request) =>
      resendConfirmation(options, staffContext(request), request.params.userId, request.body.reason),
  );

  app.post(
    '/users/:userId/end-sessions',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: end every session of a person',
        params: adminUserParamsSchema,
        body: staffActionRequestSchema,
        response: { 200: sessionsEndedResponseSchema },
      },
    },
    async (request) =>
      endSessions(options, staffContext(request), request.params.userId, request.body.reason),
  );

  app.post(
    '/customers/:organizationId/view-as',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: view as the customer: a read-only token for a member, 30 minutes at most',
        params: adminOrganizationParamsSchema,
        body: viewAsRequestSchema,
        response: { 200: viewAsResponseSchema },
      },
    },
    async (request) =>
      startViewAs(options, staffContext(request), request.params.organizationId, request.body),
  );

  app.delete(
    '/view-as/:impersonationId',
    {
      preValidation: requireStaffAction,
      schema: {
        tags: TAGS,
        summary: 'Staff: end a "view as customer" look',
        params: adminImpersonationParamsSchema,
      },
    },
    async (request, reply) => {
      await endViewAs(db, staffContext(request), request.params.impersonationId);
      return reply.code(204).send();
    },
  );
};
