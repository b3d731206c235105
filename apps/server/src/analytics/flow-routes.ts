import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { authorizeAnalysis, viewerOf } from './access.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { sendJsonBody } from '../http/json-body.ts';
import { flowReport } from './flow-service.ts';
import { iterationReport } from './iteration-service.ts';

/** GET /api/flow/?project=&days=&horizon=&items= — cumulative flow, percentiles, aging WIP, forecasts. */
export async function flowRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  app.addHook('preHandler', authorizeAnalysis(ctx));
  registerEndpoint(app, endpoints.flow, async (request, reply) => {
    // The service hands back JSON bytes, serialised once per cached result: sent as they are.
    return sendJsonBody(request, reply, await flowReport(ctx, viewerOf(request), request.query));
  });
  registerEndpoint(app, endpoints.iterationReport, async (request, reply) => {
    return sendJsonBody(request, reply, await iterationReport(ctx, viewerOf(request), request.query));
  });
}
