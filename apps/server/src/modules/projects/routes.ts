import {
  createProjectRequestSchema,
  projectIdParamsSchema,
  projectListSchema,
  projectSchema,
  updateProjectRequestSchema,
} from '@cotacep/shared/project-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { getOrganization } from '../../plugins/organization-guard.ts';
import { auditContextOf } from '../audit/record.ts';
import { getAccountLimits } from '../plans/account-limits.ts';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './service.ts';

/** The Projects screen's API under `<API_URL>/projects`, behind the Bearer token. */
export const projectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      preValidation: app.requirePermission('keys.read'),
      schema: { tags: ['Projects'], summary: 'List the projects', response: { 200: projectListSchema } },
    },
    async (request) => {
      const { id: organizationId } = getOrganization(request);
      const [items, limits] = await Promise.all([
        listProjects(db, organizationId),
        getAccountLimits(db, organizationId),
      ]);
      return { items, maxProjects: limits.maxProjects };
    },
  );

  app.post(
    '/',
    {
      preValidation: app.requirePermission('keys.write'),
      schema: {
        tags: ['Projects'],
        summary: 'Create a project',
        body: createProjectRequestSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const { id: organizationId } = getOrganization(request);
      const limits = await getAccountLimits(db, organizationId);
      const context = auditContextOf(request);
      const created = await createProject(db, organizationId, request.body, limits.maxProjects, context);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/:id',
    {
      preValidation: app.requirePermission('keys.read'),
      schema: {
        tags: ['Projects'],
        summary: 'Get a project',
        params: projectIdParamsSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => getProject(db, getOrganization(request).id, request.params.id),
  );

  app.patch(
    '/:id',
    {
      preValidation: app.requirePermission('keys.write'),
      schema: {
        tags: ['Projects'],
        summary: 'Rename or describe a project',
        params: projectIdParamsSchema,
        body: updateProjectRequestSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) =>
      updateProject(
        db,
        getOrganization(request).id,
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
  );

  app.delete(
    '/:id',
    {
      preValidation: app.requirePermission('keys.write'),
      schema: { tags: ['Projects'], summary: 'Delete a project', params: projectIdParamsSchema },
    },
    async (request, reply) => {
      await deleteProject(db, getOrganization(request).id, request.params.id, auditContextOf(request));
      return reply.code(204).send();
    },
  );
};
