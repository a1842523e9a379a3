import {
  createProjectRequestSchema,
  projectIdParamsSchema,
  projectListSchema,
  projectSchema,
  updateProjectRequestSchema,
} from '@cotacep/shared/project-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { getAccountLimits } from '../plans/account-limits.ts';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './service.ts';

/** The Projects screen's API under `<API_URL>/projects`, behind the Bearer token. */
export const projectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    { schema: { tags: ['Projects'], summary: 'List the projects', response: { 200: projectListSchema } } },
    async (request) => {
      const { id: userId } = getAuthUser(request);
      const [items, limits] = await Promise.all([listProjects(db, userId), getAccountLimits(db, userId)]);
      return { items, maxProjects: limits.maxProjects };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Create a project',
        body: createProjectRequestSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const { id: userId } = getAuthUser(request);
      const limits = await getAccountLimits(db, userId);
      return reply.code(201).send(await createProject(db, userId, request.body, limits.maxProjects));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Get a project',
        params: projectIdParamsSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => getProject(db, getAuthUser(request).id, request.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Rename or describe a project',
        params: projectIdParamsSchema,
        body: updateProjectRequestSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => updateProject(db, getAuthUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { tags: ['Projects'], summary: 'Delete a project', params: projectIdParamsSchema } },
    async (request, reply) => {
      await deleteProject(db, getAuthUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};
