import { overviewQuerySchema, overviewResponseSchema } from '@fluxion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../auth/authenticate.ts';
import type { ApiContext } from '../context.ts';
import { boardsOverview } from './overview-service.ts';

/** GET /api/overview/?days= — Home's "boards at a glance": each visible board's Flow figures, most urgent first. */
export const overviewRoutes: FastifyPluginAsyncZod<{ ctx: ApiContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', authenticate(ctx));
  app.get(
    '/api/overview/',
    { schema: { querystring: overviewQuerySchema, response: { 200: overviewResponseSchema } } },
    async (request) => boardsOverview(ctx, request.userId, request.query, request.log),
  );
};
