import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { authorizeAnalysis, viewerOf } from './access.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { flowReport } from './flow-service.ts';
import { iterationReport } from './iteration-service.ts';

/** GET /api/flow/?project=&days=&horizon=&items= — cumulative flow, percentiles, aging WIP, forecasts. */
export async function flowRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  app.addHook('preHandler', authorizeAnalysis(ctx));
  registerEndpoint(app, endpoints.flow, async (request, reply) => {
    // The service hands back JSON text, serialised once per cached result: sent as it is.
    const body = await flowReport(ctx, viewerOf(request), request.query);
    return reply.type('application/json; charset=utf-8').send(body);
  });
  registerEndpoint(app, endpoints.iterationReport, async (request, reply) => {
    const body = await iterationReport(ctx, viewerOf(request), request.query);
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
