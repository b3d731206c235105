import { endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import { requireSubscription } from '../billing/paywall.ts';
import type { ApiContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { columnStats, issuesInColumn, type Json, leadTime, timeInState } from './service.ts';

/** The service hands back JSON text, serialised once per cached result: send it as it is. */
async function sendJson<T>(reply: FastifyReply, json: Promise<Json<T>>): Promise<FastifyReply> {
  const body = await json;
  return reply.type('application/json; charset=utf-8').send(body);
}

export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', requireSubscription(ctx));
  registerEndpoint(app, endpoints.leadTime, (request, reply) =>
    sendJson(reply, leadTime(ctx, request.userId, request.query)),
  );
  registerEndpoint(app, endpoints.timeInState, (request, reply) =>
    sendJson(reply, timeInState(ctx, request.userId, request.query)),
  );
  registerEndpoint(app, endpoints.issues, (request, reply) =>
    sendJson(reply, issuesInColumn(ctx, request.userId, request.query)),
  );
  registerEndpoint(app, endpoints.columnStats, (request, reply) =>
    sendJson(reply, columnStats(ctx, request.userId, request.params.id)),
  );
}
