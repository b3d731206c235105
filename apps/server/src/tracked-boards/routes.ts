import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import type { OnUntrack } from './queries.ts';
import { projectRemoval } from './removal.ts';
import { deleteProject, getDemoProject, getProject, listProjects, saveProject } from './service.ts';
import { changeWorkflowField } from './choose-workflow-field.ts';

/** `onUntrack`: what else goes when a user removes a board from their list (app.ts: their share links). */
export async function projectRoutes(
  app: FastifyInstance,
  { ctx, onUntrack }: { ctx: AppContext; onUntrack?: OnUntrack },
) {
  app.addHook('preHandler', authenticate(ctx));
  registerEndpoint(app, endpoints.listProjects, async (request) => listProjects(ctx, request.userId));

  registerEndpoint(app, endpoints.saveProject, async (request, reply) => {
    const { project, created } = await saveProject(ctx, request.userId, request.body);
    return reply.status(created ? 201 : 200).send(project);
  });

  // The shared demo project, even when this user removed it from their list: the page offers it back.
  registerEndpoint(app, endpoints.demoProject, async () => getDemoProject(ctx));

  registerEndpoint(app, endpoints.getProject, async (request) =>
    getProject(ctx, request.userId, request.params.id),
  );

  registerEndpoint(app, endpoints.changeWorkflowField, async (request) =>
    changeWorkflowField(ctx, request.userId, request.params.id, request.body.field_id),
  );

  registerEndpoint(app, endpoints.projectRemoval, async (request) =>
    projectRemoval(ctx, request.userId, request.params.id),
  );

  registerEndpoint(app, endpoints.deleteProject, async (request, reply) => {
    await deleteProject(ctx, request.userId, request.params.id, onUntrack);
    return reply.status(204).send();
  });
}
