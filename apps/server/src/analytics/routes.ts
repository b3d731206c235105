import { endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiContext } from '../context.ts';
import { authorizeAnalysis, viewerOf } from './access.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { filterSuggestions } from './filter-suggestions.ts';
import { columnStats, issuesInColumn, type Json, leadTime, timeInState } from './service.ts';
import { boardStoryOf } from './story-service.ts';
import { itemHistory } from './item-service.ts';

/** The service hands back JSON text, serialised once per cached result: send it as it is. */
async function sendJson<T>(reply: FastifyReply, json: Promise<Json<T>>): Promise<FastifyReply> {
  const body = await json;
  return reply.type('application/json; charset=utf-8').send(body);
}

export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  app.addHook('preHandler', authorizeAnalysis(ctx));
  registerEndpoint(app, endpoints.leadTime, (request, reply) =>
    sendJson(reply, leadTime(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.boardStory, (request, reply) =>
    sendJson(reply, boardStoryOf(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.timeInState, (request, reply) =>
    sendJson(reply, timeInState(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.issues, (request, reply) =>
    sendJson(reply, issuesInColumn(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.filterSuggestions, (request, reply) =>
    sendJson(reply, filterSuggestions(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.itemHistory, (request, reply) =>
    sendJson(reply, itemHistory(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.columnStats, (request, reply) =>
    sendJson(reply, columnStats(ctx, viewerOf(request), request.params.id, request.query)),
  );
}
