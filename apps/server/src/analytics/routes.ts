import {
  issuesQuerySchema,
  leadTimeQuerySchema,
  projectIdParamsSchema,
  timeInStateQuerySchema,
} from '@fluxion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { columnStats, issuesInColumn, leadTime, timeInState } from './service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', authenticate(ctx));
  app.get('/api/leadtime/', { schema: { querystring: leadTimeQuerySchema } }, async (request) =>
    leadTime(ctx, request.userId, request.query),
  );
  app.get('/api/timeinstate/', { schema: { querystring: timeInStateQuerySchema } }, async (request) =>
    timeInState(ctx, request.userId, request.query),
  );
  app.get('/api/issues/', { schema: { querystring: issuesQuerySchema } }, async (request) =>
    issuesInColumn(ctx, request.userId, request.query),
  );
  app.get('/api/projects/:id/column-stats/', { schema: { params: projectIdParamsSchema } }, async (request) =>
    columnStats(ctx, request.userId, request.params.id),
  );
};
