import { CAPTCHA_ACTIONS } from '@cotacep/shared/auth-responses';
import { contactRequestSchema, contactResponseSchema } from '@cotacep/shared/contact-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/language.ts';
import { getAuthUser, readBearerToken } from '../../plugins/auth-guard.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createContactRequest } from './service.ts';

export type ContactRoutesOptions = { db: Db; mailer: Mailer; config: Config };

/**
 * The sender's account when a valid Bearer token comes along. Anyone may write, so an expired or ended
 * session only makes the message anonymous: it is never a reason to refuse it.
 */
async function findSenderId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (!readBearerToken(request)) return null;
  try {
    await app.authenticate(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'Unauthorized') return null;
    throw error;
  }
  return getAuthUser(request).id;
}

/**
 * `POST <API_URL>/contact`: the Enterprise plan's and the Contact page's form. Public, behind the
 * configured bot protection and the per-IP limit of the other public forms; needs the auth guard's
 * decorators in its scope.
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (
  app,
  { db, mailer, config },
) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['Contact'],
        summary: 'Send a contact or Enterprise message',
        body: contactRequestSchema,
        response: { 201: contactResponseSchema },
      },
      config: authRateLimit(config),
      preHandler: app.captchaGuard(CAPTCHA_ACTIONS.contact),
    },
    async (request, reply) => {
      const { captchaToken: _spent, ...fields } = request.body;
      const created = await createContactRequest(
        { db, mailer, config, log: request.log },
        { ...fields, language: requestLanguage(request), userId: await findSenderId(app, request) },
      );
      return reply.code(201).send(created);
    },
  );
};
