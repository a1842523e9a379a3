import {
  accountSchema,
  changeEmailRequestSchema,
  changePhoneRequestSchema,
  verifyCodeRequestSchema,
} from '@cotacep/shared/account-schemas';
import { codeSentResponseSchema } from '@cotacep/shared/auth-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { auditContextOf } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import { authMessage } from '../auth/messages.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { requireRecentAuthentication } from '../auth/reauthentication.ts';
import { getAccountView } from './account-view.ts';
import {
  confirmEmailChange,
  confirmPhoneChange,
  requestEmailChange,
  requestPhoneChange,
} from './contact-service.ts';

/**
 * E-mail and phone changes: the new value waits as pending until the code sent to it comes back. Each
 * step needs a recent re-authentication (403 `ReauthenticationRequired` otherwise), so an access token
 * alone cannot move the account to another address.
 */
export const contactRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;
  const recentAuthentication = requireRecentAuthentication(identity);

  app.post(
    '/account/email',
    {
      schema: {
        tags: ['Account'],
        summary: 'Change the e-mail (a code is sent to the new one)',
        body: changeEmailRequestSchema,
        response: { 200: codeSentResponseSchema },
      },
      // The one route that still says an address is taken (decision 017): limited like sign-up.
      config: authRateLimit(config),
      preHandler: recentAuthentication,
    },
    async (request) => {
      const { email } = request.body;
      const delivery = await requestEmailChange(identity, getAuthUser(request).id, email, request.ip);
      return { message: authMessage(request, 'verifyEmail'), delivery };
    },
  );

  app.post(
    '/account/email/verify',
    {
      schema: {
        tags: ['Account'],
        summary: 'Confirm the new e-mail with its code',
        body: verifyCodeRequestSchema,
        response: { 200: accountSchema },
      },
      preHandler: recentAuthentication,
    },
    async (request) => {
      const { id, sessionId } = getAuthUser(request);
      const { code } = request.body;
      const updated = await confirmEmailChange(identity, id, sessionId, code, auditContextOf(request));
      return getAccountView(db, updated);
    },
  );

  app.post(
    '/account/phone',
    {
      schema: {
        tags: ['Account'],
        summary: 'Change the phone number (a code is sent by SMS)',
        body: changePhoneRequestSchema,
        response: { 200: codeSentResponseSchema },
      },
      preHandler: recentAuthentication,
    },
    async (request) => {
      const { phone } = request.body;
      const delivery = await requestPhoneChange(identity, getAuthUser(request).id, phone, request.ip);
      return { message: authMessage(request, 'verifyPhone'), delivery };
    },
  );

  app.post(
    '/account/phone/verify',
    {
      schema: {
        tags: ['Account'],
        summary: 'Confirm the new phone number with its code',
        body: verifyCodeRequestSchema,
        response: { 200: accountSchema },
      },
      preHandler: recentAuthentication,
    },
    async (request) => {
      const { id } = getAuthUser(request);
      const updated = await confirmPhoneChange(identity, id, request.body.code, auditContextOf(request));
      return getAccountView(db, updated);
    },
  );
};
