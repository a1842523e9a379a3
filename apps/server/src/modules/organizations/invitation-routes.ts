import {
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationTokenRequestSchema,
} from '@cotacep/shared/organization-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { userRateLimit } from '../../lib/user-rate-limit.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { auditContextOf } from '../audit/record.ts';
import { acceptInvitation, previewInvitation } from './invitations-service.ts';

/** The invitation link's page under `<API_URL>/invitations`: what it invites to, and accepting it. */
export const invitationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/preview',
    {
      schema: {
        tags: ['Organizations'],
        summary: 'What an invitation link invites to (no sign-in needed)',
        // No access token: the link's page shows it before anyone signs in (the OpenAPI document says so).
        security: [],
        body: invitationTokenRequestSchema,
        response: { 200: invitationPreviewSchema },
      },
      config: userRateLimit(),
    },
    async (request) => previewInvitation(db, request.body.token),
  );

  app.post(
    '/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Organizations'],
        summary: 'Accept an invitation with the invited address',
        body: invitationTokenRequestSchema,
        response: { 200: invitationAcceptedSchema },
      },
      config: userRateLimit(),
    },
    async (request) =>
      acceptInvitation(db, getAuthUser(request).id, request.body.token, auditContextOf(request)),
  );
};
