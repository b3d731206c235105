import { flowQuerySchema } from '@fluxion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../auth/authenticate.ts';
import { requireSubscription } from '../billing/paywall.ts';
import type { ApiContext } from '../context.ts';
import { flowReport } from './flow-service.ts';

/** GET /api/flow/?project=&days=&horizon=&items= — cumulative flow, percentiles, aging WIP, forecasts. */
export const flowRoutes: FastifyPluginAsyncZod<{ ctx: ApiContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', requireSubscription(ctx));
  app.get('/api/flow/', { schema: { querystring: flowQuerySchema } }, async (request, reply) => {
    // The service hands back JSON text, serialised once per cached result: sent as it is.
    const body = await flowReport(ctx, request.userId, request.query);
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
