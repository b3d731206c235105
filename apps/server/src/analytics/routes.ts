import {
  issuesQuerySchema,
  leadTimeQuerySchema,
  projectIdParamsSchema,
  timeInStateQuerySchema,
} from '@fluxion/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../auth/authenticate.ts';
import { requireSubscription } from '../billing/paywall.ts';
import type { ApiContext } from '../context.ts';
import { columnStats, issuesInColumn, type Json, leadTime, timeInState } from './service.ts';

/** The service hands back JSON text, serialised once per cached result: send it as it is. */
async function sendJson<T>(reply: FastifyReply, json: Promise<Json<T>>): Promise<FastifyReply> {
  const body = await json;
  return reply.type('application/json; charset=utf-8').send(body);
}

export const analyticsRoutes: FastifyPluginAsyncZod<{ ctx: ApiContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', requireSubscription(ctx));
  app.get('/api/leadtime/', { schema: { querystring: leadTimeQuerySchema } }, (request, reply) =>
    sendJson(reply, leadTime(ctx, request.userId, request.query)),
  );
  app.get('/api/timeinstate/', { schema: { querystring: timeInStateQuerySchema } }, (request, reply) =>
    sendJson(reply, timeInState(ctx, request.userId, request.query)),
  );
  app.get('/api/issues/', { schema: { querystring: issuesQuerySchema } }, (request, reply) =>
    sendJson(reply, issuesInColumn(ctx, request.userId, request.query)),
  );
  app.get(
    '/api/projects/:id/column-stats/',
    { schema: { params: projectIdParamsSchema } },
    (request, reply) => sendJson(reply, columnStats(ctx, request.userId, request.params.id)),
  );
};
