import {
  invitationListSchema,
  invitationParamsSchema,
  invitationRequestSchema,
  invitationSchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  organizationIdParamsSchema,
  organizationListSchema,
  organizationRequestSchema,
  organizationSchema,
  updateMemberRequestSchema,
  updateOrganizationRequestSchema,
} from '@cotacep/shared/organization-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requestLanguage } from '../../lib/language.ts';
import { userRateLimit } from '../../lib/user-rate-limit.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { getOrganization } from '../../plugins/organization-guard.ts';
import { auditContextOf } from '../audit/record.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  createInvitation,
  type InvitationMail,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations-service.ts';
import { type Actor, changeRole, listMembers, removeMember } from './members-service.ts';
import {
  createOrganization,
  deleteOrganization,
  getOrganizationView,
  listOrganizations,
  updateOrganization,
} from './organizations-service.ts';

export type OrganizationRoutesOptions = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  appName: string;
  /** What the organizations need of the gateway's key cache: to forget a deleted organization's keys. */
  invalidation: { organizationChanged(organizationId: string): Promise<void> };
  /**
   * Refuses with 403 `ReauthenticationRequired` unless the request's session proved its user recently
   * (auth's `assertRecentAuthentication`, given by the app: auth already imports this module). The routes
   * that delete the organization, change a role, remove someone else or change the two-step rule run it as
   * their preHandler (decision 026): after the permission (preValidation), so a member without it is told
   * that, not asked to prove who they are.
   */
  assertRecentAuthentication: (request: FastifyRequest) => Promise<void>;
};

const tags = ['Organizations'];

/**
 * Organizations, members and invitations under `<API_URL>/organizations` (issue 24, decision 033). The
 * organization comes from the path here; `requirePermission(…, 'path')` is the one check, as everywhere.
 */
export const organizationRoutes: FastifyPluginAsyncZod<OrganizationRoutesOptions> = async (app, options) => {
  const { db, assertRecentAuthentication } = options;
  app.addHook('onRequest', app.authenticate);

  const actorOf = (request: FastifyRequest): Actor => ({
    ...getOrganization(request),
    userId: getAuthUser(request).id,
  });
  const mailFor = (request: FastifyRequest): InvitationMail => ({
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    appName: options.appName,
    language: requestLanguage(request),
  });

  app.get(
    '/',
    { schema: { tags, summary: 'List my organizations', response: { 200: organizationListSchema } } },
    async (request) => ({ items: await listOrganizations(db, getAuthUser(request).id) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create an organization (on Free, with me as its Owner)',
        body: organizationRequestSchema,
        response: { 201: organizationSchema },
      },
      config: userRateLimit(),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createOrganization(db, getAuthUser(request).id, request.body.name, auditContextOf(request)),
        ),
  );

  app.get(
    '/:id',
    {
      preValidation: app.requirePermission('organization.read', 'path'),
      schema: {
        tags,
        summary: 'Get an organization, with my role and its seats',
        params: organizationIdParamsSchema,
        response: { 200: organizationSchema },
      },
    },
    async (request) => getOrganizationView(db, getAuthUser(request).id, request.params.id),
  );

  app.patch(
    '/:id',
    {
      preValidation: app.requirePermission('organization.update', 'path'),
      schema: {
        tags,
        summary: 'Rename an organization, or require two-factor of its members',
        description:
          '`requireTwoFactor` needs `organization.security` (Owners; 403 `PermissionDenied` otherwise) and, to ' +
          "turn it on, an authenticator app or a passkey of the Owner's own (409 `TwoFactorNotEnabled`). " +
          'Members without one are then refused with 403 `TwoFactorEnrolmentRequired` until they add one. ' +
          'Changing it needs a recent re-authentication (403 `ReauthenticationRequired`).',
        params: organizationIdParamsSchema,
        body: updateOrganizationRequestSchema,
        response: { 200: organizationSchema },
      },
      preHandler: async (request) => {
        if (request.body.requireTwoFactor !== undefined) await assertRecentAuthentication(request);
      },
    },
    async (request) => updateOrganization(db, actorOf(request), request.body, auditContextOf(request)),
  );

  app.delete(
    '/:id',
    {
      preValidation: app.requirePermission('organization.delete', 'path'),
      schema: {
        tags,
        summary: 'Delete an organization and everything it owns',
        description: 'Needs a recent re-authentication (403 `ReauthenticationRequired`).',
        params: organizationIdParamsSchema,
      },
      preHandler: assertRecentAuthentication,
      config: userRateLimit(),
    },
    async (request, reply) => {
      await deleteOrganization(db, request.params.id, auditContextOf(request));
      await options.invalidation.organizationChanged(request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/:id/members',
    {
      preValidation: app.requirePermission('organization.read', 'path'),
      schema: {
        tags,
        summary: 'List the members, with their role and last sign-in',
        params: organizationIdParamsSchema,
        response: { 200: memberListSchema },
      },
    },
    async (request) => ({ items: await listMembers(db, request.params.id) }),
  );

  app.patch(
    '/:id/members/:userId',
    {
      preValidation: app.requirePermission('members.manage', 'path'),
      schema: {
        tags,
        summary: "Change a member's role",
        description:
          'Only an Owner gives, changes or takes away the Owner role (403 `RoleNotAssignable`). Needs a ' +
          'recent re-authentication (403 `ReauthenticationRequired`).',
        params: memberParamsSchema,
        body: updateMemberRequestSchema,
        response: { 200: memberSchema },
      },
      preHandler: assertRecentAuthentication,
    },
    async (request) =>
      changeRole(db, actorOf(request), request.params.userId, request.body.role, auditContextOf(request)),
  );

  app.delete(
    '/:id/members/:userId',
    {
      // Anyone may leave (even before the two-factor enrolment the organization requires); removing someone
      // else needs members.manage (checked against the same table).
      preValidation: app.requirePermission('organization.read', 'path', {
        allowBeforeEnrolment: (request) =>
          (request.params as { userId?: string }).userId === getAuthUser(request).id,
      }),
      schema: {
        tags,
        summary: 'Remove a member, or leave (my own id)',
        description:
          'Any member may leave with their own id; removing someone else needs `members.manage` and a recent ' +
          're-authentication (403 `ReauthenticationRequired`), and only an Owner removes an Owner (403 ' +
          '`RoleNotAssignable`). The last Owner can do neither (409 `LastOwner`).',
        // What removing someone else needs (the service checks it); the document shows it.
        'x-permission': 'members.manage',
        params: memberParamsSchema,
      },
      preHandler: async (request) => {
        if (request.params.userId !== getAuthUser(request).id) await assertRecentAuthentication(request);
      },
      config: userRateLimit(),
    },
    async (request, reply) => {
      await removeMember(db, actorOf(request), request.params.userId, auditContextOf(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/:id/invitations',
    {
      preValidation: app.requirePermission('members.manage', 'path'),
      schema: {
        tags,
        summary: 'List the pending invitations',
        params: organizationIdParamsSchema,
        response: { 200: invitationListSchema },
      },
    },
    async (request) => ({ items: await listInvitations(db, request.params.id) }),
  );

  app.post(
    '/:id/invitations',
    {
      preValidation: app.requirePermission('members.manage', 'path'),
      schema: {
        tags,
        summary: 'Invite someone by e-mail (a single-use link, valid 7 days)',
        params: organizationIdParamsSchema,
        body: invitationRequestSchema,
        response: { 201: invitationSchema },
      },
      config: userRateLimit(),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createInvitation(
            db,
            actorOf(request),
            request.body,
            mailFor(request),
            auditContextOf(request),
          ),
        ),
  );

  app.delete(
    '/:id/invitations/:invitationId',
    {
      preValidation: app.requirePermission('members.manage', 'path'),
      schema: { tags, summary: 'Revoke a pending invitation', params: invitationParamsSchema },
    },
    async (request, reply) => {
      await revokeInvitation(db, actorOf(request), request.params.invitationId, auditContextOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/:id/invitations/:invitationId/resend',
    {
      preValidation: app.requirePermission('members.manage', 'path'),
      schema: { tags, summary: 'Send an invitation again, with a new link', params: invitationParamsSchema },
      config: userRateLimit(),
    },
    async (request, reply) => {
      const { invitationId } = request.params;
      await resendInvitation(db, actorOf(request), invitationId, mailFor(request), auditContextOf(request));
      return reply.code(204).send();
    },
  );
};
