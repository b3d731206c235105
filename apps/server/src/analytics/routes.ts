import { endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonBody } from '../http/json-body.ts';
import type { ApiContext } from '../context.ts';
import { authorizeAnalysis, viewerOf } from './access.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { filterSuggestions } from './filter-suggestions.ts';
import type { Json } from './analysis-kind.ts';
import { boardStoryOf } from './story-service.ts';
import { columnStats, issuesInColumn } from './issues-service.ts';
import { leadTime } from './lead-time-service.ts';
import { levelOfWorkOf } from './level-of-work.ts';
import { parentsOf } from './parents-service.ts';
import { timeInState } from './time-in-state-service.ts';
import { itemHistory } from './item-service.ts';

/** The service hands back JSON bytes, serialised once per cached result: send them as they are. */
async function sendJson<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  json: Promise<Json<T>>,
): Promise<FastifyReply> {
  return sendJsonBody(request, reply, await json);
}

export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  app.addHook('preHandler', authorizeAnalysis(ctx));
  registerEndpoint(app, endpoints.leadTime, (request, reply) =>
    sendJson(request, reply, leadTime(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.boardStory, (request, reply) =>
    sendJson(request, reply, boardStoryOf(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.timeInState, (request, reply) =>
    sendJson(request, reply, timeInState(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.issues, (request, reply) =>
    sendJson(request, reply, issuesInColumn(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.filterSuggestions, (request, reply) =>
    sendJson(request, reply, filterSuggestions(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.itemHistory, (request, reply) =>
    sendJson(request, reply, itemHistory(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.levelOfWork, (request, reply) =>
    sendJson(request, reply, levelOfWorkOf(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.parents, (request, reply) =>
    sendJson(request, reply, parentsOf(ctx, viewerOf(request), request.query)),
  );
  registerEndpoint(app, endpoints.columnStats, (request, reply) =>
    sendJson(request, reply, columnStats(ctx, viewerOf(request), request.params.id, request.query)),
  );
}
