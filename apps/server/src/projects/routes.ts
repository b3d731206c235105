import { projectIdParamsSchema, projectSchema, saveProjectRequestSchema } from '@fluxion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { deleteProject, getDemoProject, getProject, listProjects, saveProject } from './service.ts';

export const projectRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', authenticate(ctx));
  const list = { schema: { response: { 200: z.array(projectSchema) } } };
  app.get('/api/projects', list, async (request) => listProjects(ctx, request.userId));
  app.get('/api/projects/', list, async (request) => listProjects(ctx, request.userId));

  app.post(
    '/api/projects/',
    { schema: { body: saveProjectRequestSchema, response: { 200: projectSchema, 201: projectSchema } } },
    async (request, reply) => {
      const { project, created } = await saveProject(ctx, request.userId, request.body);
      return reply.status(created ? 201 : 200).send(project);
    },
  );

  // The shared demo project, even when this user removed it from their list: the page offers it back.
  app.get('/api/demo-project/', { schema: { response: { 200: projectSchema } } }, async () =>
    getDemoProject(ctx),
  );

  app.get(
    '/api/projects/:id/',
    { schema: { params: projectIdParamsSchema, response: { 200: projectSchema } } },
    async (request) => getProject(ctx, request.userId, request.params.id),
  );

  app.delete('/api/projects/:id/', { schema: { params: projectIdParamsSchema } }, async (request, reply) => {
    await deleteProject(ctx, request.userId, request.params.id);
    return reply.status(204).send();
  });
};
