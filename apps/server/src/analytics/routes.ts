import { type Endpoint, endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonBody } from '../http/json-body.ts';
import type { ApiContext } from '../context.ts';
import { authorizeAnalysis, type Viewer, viewerOf } from './access.ts';
import { type EndpointRequest, registerEndpoint } from '../http/endpoint.ts';
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
  /** An analysis endpoint: the viewer's answer to the validated request, as its cached JSON bytes. */
  const analysis = <E extends Endpoint>(
    endpoint: E,
    answer: (viewer: Viewer, request: EndpointRequest<E>) => Promise<Json<unknown>>,
  ) =>
    registerEndpoint(
      app,
      endpoint,
      (request, reply) => sendJson(request, reply, answer(viewerOf(request), request)),
      { encodesItself: true },
    );
  analysis(endpoints.leadTime, (viewer, { query }) => leadTime(ctx, viewer, query));
  analysis(endpoints.boardStory, (viewer, { query }) => boardStoryOf(ctx, viewer, query));
  analysis(endpoints.timeInState, (viewer, { query }) => timeInState(ctx, viewer, query));
  analysis(endpoints.issues, (viewer, { query }) => issuesInColumn(ctx, viewer, query));
  analysis(endpoints.filterSuggestions, (viewer, { query }) => filterSuggestions(ctx, viewer, query));
  analysis(endpoints.itemHistory, (viewer, { query }) => itemHistory(ctx, viewer, query));
  analysis(endpoints.levelOfWork, (viewer, { query }) => levelOfWorkOf(ctx, viewer, query));
  analysis(endpoints.parents, (viewer, { query }) => parentsOf(ctx, viewer, query));
  analysis(endpoints.columnStats, (viewer, { params, query }) => columnStats(ctx, viewer, params.id, query));
}
