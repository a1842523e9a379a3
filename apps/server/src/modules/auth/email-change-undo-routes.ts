import { emailChangeUndoRequestSchema, emailChangeUndoResponseSchema } from '@cotacep/shared/account-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '../audit/record.ts';
import { undoEmailChange } from './email-change-undo.ts';
import type { Identity } from './identity.ts';
import { authMessage } from './messages.ts';
import { noStore } from './no-store.ts';
import { authRateLimit } from './rate-limit.ts';

/**
 * The link in the notice sent to a replaced address. Public (the token is the proof: 256 random bits,
 * kept hashed), a POST from the page the link opens, never the GET a mail scanner might follow. A token
 * works once, for `EMAIL_CHANGE_UNDO_DAYS`; used again or too late it is refused and nothing changes.
 */
export const emailChangeUndoRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (
  app,
  { identity },
) => {
  app.post(
    '/auth/email-change/undo',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Undo an e-mail change with the link sent to the replaced address',
        body: emailChangeUndoRequestSchema,
        response: { 200: emailChangeUndoResponseSchema },
      },
      config: authRateLimit(identity.config),
      onSend: noStore,
    },
    async (request) => {
      const { email } = await undoEmailChange(identity, request.body.token, auditContextOf(request));
      return { message: authMessage(request, 'emailChangeUndone'), email };
    },
  );
};
