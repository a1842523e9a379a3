import {
  apiKeySchema,
  createKeyRequestSchema,
  keyIdParamsSchema,
  keyListSchema,
  keyWithSecretSchema,
  listKeysQuerySchema,
  rotateKeyRequestSchema,
  updateKeyRequestSchema,
} from '@cotacep/shared/key-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requestLanguage } from '../../lib/language.ts';
import { userRateLimit } from '../../lib/user-rate-limit.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { getOrganization } from '../../plugins/organization-guard.ts';
import { auditContextOf } from '../audit/record.ts';
import { getAccountLimits } from '../plans/account-limits.ts';
import { createKey, deleteKey, getKey, listKeys, rotateKey, updateKey } from './service.ts';

/** What keys need of the gateway's key cache: to forget a changed key on every instance. */
export type KeyChanges = { keyChanged(keyId: string): Promise<void> };

/**
 * Account Settings → Tokens under `<API_URL>/keys`, behind the Bearer token. Every change is pushed to
 * the gateway's key cache here and, through Redis, on every other instance.
 */
export const keyRoutes: FastifyPluginAsyncZod<{ db: Db; invalidation: KeyChanges }> = async (
  app,
  { db, invalidation },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      preValidation: app.requirePermission('keys.read'),
      schema: {
        tags: ['Keys'],
        summary: 'List the API tokens',
        querystring: listKeysQuerySchema,
        response: { 200: keyListSchema },
      },
    },
    async (request) => {
      const { id: organizationId } = getOrganization(request);
      const [items, limits] = await Promise.all([
        listKeys(db, organizationId, request.query.projectId),
        getAccountLimits(db, organizationId),
      ]);
      return { items, maxKeys: limits.maxKeys };
    },
  );

  app.post(
    '/',
    {
      preValidation: app.requirePermission('keys.write'),
      schema: {
        tags: ['Keys'],
        summary: 'Create an API token (its secret is shown only here)',
        body: createKeyRequestSchema,
        response: { 201: keyWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { id: organizationId } = getOrganization(request);
      const limits = await getAccountLimits(db, organizationId);
      const created = await createKey(db, organizationId, request.body, {
        maxKeys: limits.maxKeys,
        language: requestLanguage(request),
        createdBy: getAuthUser(request).id,
        context: auditContextOf(request),
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/:id',
    {
      preValidation: app.requirePermission('keys.read'),
      schema: {
        tags: ['Keys'],
        summary: 'Get an API token',
        params: keyIdParamsSchema,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => getKey(db, getOrganization(request).id, request.params.id),
  );

  app.patch(
    '/:id',
    {
      preValidation: app.requirePermission('keys.write'),
      schema: {
        tags: ['Keys'],
        summary: 'Update an API token',
        params: keyIdParamsSchema,
        body: updateKeyRequestSchema,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const key = await updateKey(db, getOrganization(request).id, id, request.body, auditContextOf(request));
      await invalidation.keyChanged(key.id);
      return key;
    },
  );

  app.delete(
    '/:id',
    {
      preValidation: app.requirePermission('keys.write'),
      schema: { tags: ['Keys'], summary: 'Delete an API token', params: keyIdParamsSchema },
      config: userRateLimit(),
    },
    async (request, reply) => {
      await deleteKey(db, getOrganization(request).id, request.params.id, auditContextOf(request));
      await invalidation.keyChanged(request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/:id/rotate',
    {
      preValidation: app.requirePermission('keys.write'),
      schema: {
        tags: ['Keys'],
        summary: "Rotate an API token's secret, with an optional grace period",
        params: keyIdParamsSchema,
        // The body may be left out: no grace period.
        body: z.preprocess((value) => value ?? {}, rotateKeyRequestSchema),
        response: { 200: keyWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { graceSeconds } = request.body;
      const organizationId = getOrganization(request).id;
      const context = auditContextOf(request);
      const rotated = await rotateKey(db, organizationId, request.params.id, graceSeconds, context);
      await invalidation.keyChanged(rotated.key.id);
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );
};
