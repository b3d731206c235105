import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { ApiContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { createShareLink, listShareLinks, openShareLink, revokeShareLink } from './service.ts';
import { sharedAnalysesJson } from './shared-view.ts';

/** The owner's side of share links: create, list, revoke (signed in). */
export async function shareLinkRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  app.addHook('preHandler', authenticate(ctx));
  registerEndpoint(app, endpoints.createShareLink, async (request, reply) =>
    reply.status(201).send(await createShareLink(ctx, request.userId, request.body)),
  );
  registerEndpoint(app, endpoints.listShareLinks, (request) => listShareLinks(ctx, request.userId));
  registerEndpoint(app, endpoints.revokeShareLink, async (request, reply) => {
    await revokeShareLink(ctx, request.userId, request.params.id);
    return reply.status(204).send();
  });
}

/** The visitor's side: a link's analyses, without sign-in; never cached by browsers or proxies. */
export async function sharedViewRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  registerEndpoint(app, endpoints.sharedAnalyses, async (request, reply) => {
    const link = await openShareLink(ctx, request.query.token);
    const body = await sharedAnalysesJson(ctx, link);
    // Computing may take seconds (a cold board, GitHub's answers): a link revoked or expired meanwhile
    // is refused all the same, as "refused from now on" promises its owner.
    await openShareLink(ctx, request.query.token);
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
  });
}
