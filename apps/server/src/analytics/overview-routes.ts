import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { ApiContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { boardsOverview } from './overview-service.ts';

/** GET /api/overview/?days= — Home's "boards at a glance": each visible board's Flow figures, most urgent first. */
export async function overviewRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  app.addHook('preHandler', authenticate(ctx));
  registerEndpoint(app, endpoints.overview, async (request) =>
    boardsOverview(ctx, request.userId, request.query, request.log),
  );
}
