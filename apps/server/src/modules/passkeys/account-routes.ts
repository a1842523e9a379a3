import {
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  registerPasskeyRequestSchema,
  registerPasskeyResponseSchema,
  removePasskeyRequestSchema,
  renamePasskeyRequestSchema,
} from '@cotacep/shared/passkey-schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passkeys } from '../../db/schema/second-factors.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { auditContextOf } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import { requireRecentAuthentication } from '../auth/reauthentication.ts';
import { findUserById } from '../auth/users.ts';
import { listPasskeys, toPasskey } from './passkey-store.ts';
import { finishRegistration, startRegistration } from './registration.ts';
import { removePasskey } from './removal.ts';

/**
 * The signed-in user's passkeys (Security tab), behind the Bearer token. Adding and removing one need a
 * recent re-authentication (issue 22); renaming does not, it changes no protection.
 */
export const passkeyAccountRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (
  app,
  { identity },
) => {
  const { db } = identity;
  const recentAuthentication = requireRecentAuthentication(identity);

  async function currentUser(request: FastifyRequest) {
    const user = await findUserById(db, getAuthUser(request).id);
    if (!user) throw new AppError('Unauthorized');
    return user;
  }

  app.get(
    '/account/passkeys',
    {
      schema: {
        tags: ['Account'],
        summary: 'List the passkeys',
        response: { 200: passkeyListSchema },
      },
    },
    async (request) => ({ items: (await listPasskeys(db, getAuthUser(request).id)).map(toPasskey) }),
  );

  app.post(
    '/account/passkeys/options',
    {
      schema: {
        tags: ['Account'],
        summary: 'Start adding a passkey: the options for the browser',
        response: { 200: passkeyOptionsSchema },
      },
      preHandler: recentAuthentication,
    },
    async (request) => startRegistration(identity, await currentUser(request)),
  );

  app.post(
    '/account/passkeys',
    {
      schema: {
        tags: ['Account'],
        summary: "Add a passkey with the browser's answer",
        body: registerPasskeyRequestSchema,
        response: { 201: registerPasskeyResponseSchema },
      },
      preHandler: recentAuthentication,
    },
    async (request, reply) => {
      const result = await finishRegistration(identity, request, await currentUser(request), request.body);
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/account/passkeys/:id',
    {
      schema: {
        tags: ['Account'],
        summary: 'Rename a passkey',
        params: passkeyIdParamsSchema,
        body: renamePasskeyRequestSchema,
        response: { 200: passkeySchema },
      },
    },
    async (request) => {
      const [row] = await db
        .update(passkeys)
        .set({ name: request.body.name })
        .where(and(eq(passkeys.id, request.params.id), eq(passkeys.userId, getAuthUser(request).id)))
        .returning();
      if (!row) throw new AppError('PasskeyNotFound');
      return toPasskey(row);
    },
  );

  app.delete(
    '/account/passkeys/:id',
    {
      schema: {
        tags: ['Account'],
        summary: 'Remove a passkey (the last strong factor needs the password)',
        params: passkeyIdParamsSchema,
        // The body may be left out: no password, enough while another strong factor remains.
        body: z.preprocess((value) => value ?? {}, removePasskeyRequestSchema),
      },
      preHandler: recentAuthentication,
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const { password } = request.body;
      await removePasskey(identity, user, request.params.id, password, auditContextOf(request));
      return reply.code(204).send();
    },
  );
};
