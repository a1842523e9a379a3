import {
  accountSchema,
  changeEmailRequestSchema,
  changePhoneRequestSchema,
  verifyCodeRequestSchema,
} from '@cotacep/shared/account-schemas';
import { codeSentResponseSchema } from '@cotacep/shared/auth-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import type { Identity } from '../auth/identity.ts';
import { authMessage } from '../auth/messages.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { getAccountView } from './account-view.ts';
import {
  confirmEmailChange,
  confirmPhoneChange,
  requestEmailChange,
  requestPhoneChange,
} from './contact-service.ts';

/** E-mail and phone changes: the new value waits as pending until the code sent to it comes back. */
export const contactRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;

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
    },
    async (request) => {
      const delivery = await requestEmailChange(identity, getAuthUser(request).id, request.body.email);
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
    },
    async (request) => {
      const updated = await confirmEmailChange(identity, getAuthUser(request).id, request.body.code);
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
    },
    async (request) => {
      const delivery = await requestPhoneChange(identity, getAuthUser(request).id, request.body.phone);
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
    },
    async (request) => {
      const updated = await confirmPhoneChange(identity, getAuthUser(request).id, request.body.code);
      return getAccountView(db, updated);
    },
  );
};
