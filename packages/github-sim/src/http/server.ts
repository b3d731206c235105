import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAppControl } from '../app/control.ts';
import { registerInstallFlow } from '../app/install-flow.ts';
import { registerAppRoutes } from '../app/routes.ts';
import { isPrincipal, resolveToken } from '../model/access.ts';
import { admitRequest, release } from '../model/secondary-limits.ts';
import type { World } from '../model/world.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';
import { registerApiRoutes } from './api-routes.ts';
import { AVATAR_PATH, registerAvatarRoutes } from './avatars.ts';
import { registerRepoRoutes } from './repo-routes.ts';
import { registerSimControl } from './control-sim.ts';
import { registerRelationControl } from './control-relations.ts';
import { registerWorldControl } from './control-world.ts';
import { type Faults, SECONDARY_LIMIT_MESSAGE, scopeOf } from './faults.ts';
import type { OAuthState } from './oauth-state.ts';
import { registerOAuthRoutes } from './oauth-routes.ts';

export type ServerParts = {
  world: World;
  faults: Faults;
  webhooks: WebhookDispatcher;
  oauth: OAuthState;
  demoStep: () => unknown;
};

const SECONDARY_DOCS =
  'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits';

/** The API's requests are held to GitHub's secondary rate limits, per user or installation (its token). */
function registerSecondaryLimits(app: FastifyInstance, world: World): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url;
    if (path.startsWith('/_sim') || path.startsWith(AVATAR_PATH) || path.startsWith('/login/')) return;
    const principal = resolveToken(world, request.headers.authorization);
    // Unauthenticated and refused tokens are the route's to answer (401, 403).
    if (!isPrincipal(principal)) return;
    const refusal = admitRequest(world, principal, {
      graphql: path.startsWith('/graphql'),
      method: request.method,
    });
    if (!refusal) {
      reply.raw.once('close', () => release(world, principal));
      return;
    }
    const requestId = `SIM:${request.id}`;
    reply.header('x-github-request-id', requestId);
    if (refusal.retryAfterSeconds !== null) reply.header('retry-after', String(refusal.retryAfterSeconds));
    return reply.code(403).send({
      message: `${SECONDARY_LIMIT_MESSAGE}${requestId}.`,
      documentation_url: SECONDARY_DOCS,
      status: '403',
    });
  });
}

/** The account a request is made as: its token's user, or the organization of its installation. */
function accountOf(world: World, authorization: string | undefined): string | null {
  const principal = resolveToken(world, authorization);
  if (!isPrincipal(principal)) return null;
  return principal.kind === 'installation' ? principal.installation.account : principal.user.login;
}

function registerFaultHook(app: FastifyInstance, faults: Faults, world: World): void {
  app.addHook('onRequest', async (request, reply) => {
    // Avatars stand for GitHub's separate avatar host: API faults do not reach them.
    if (request.url.startsWith('/_sim') || request.url.startsWith(AVATAR_PATH)) return;
    const scope = scopeOf(request.url);
    const account = accountOf(world, request.headers.authorization);
    for (const slow of faults.take(['slow'], scope, account))
      await new Promise((r) => setTimeout(r, slow.delayMs ?? 2000));
    const [fault] = faults.take(['5xx', 'secondary-rate-limit'], scope, account);
    if (!fault) return;
    const requestId = `SIM:${request.id}`;
    reply.header('x-github-request-id', requestId);
    if (fault.type === '5xx') return reply.code(fault.status ?? 502).send({ message: 'Server Error' });
    return reply
      .code(fault.status ?? 403)
      .header('retry-after', String(fault.retryAfter ?? 60))
      .header('x-ratelimit-remaining', '4000')
      .send({
        message: `${SECONDARY_LIMIT_MESSAGE}${requestId}.`,
        documentation_url:
          'https://docs.github.com/graphql/overview/rate-limits-and-node-limits-for-the-graphql-api#secondary-rate-limits',
        status: String(fault.status ?? 403),
      });
  });
}

/** The simulator's HTTP face: github.com (OAuth) and api.github.com (REST, GraphQL) on one origin, plus /_sim. */
export async function buildServer(parts: ServerParts): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  // Counted before the faults: a request a fault slows is still one of the user's concurrent requests.
  registerSecondaryLimits(app, parts.world);
  registerFaultHook(app, parts.faults, parts.world);
  app.setErrorHandler((error, _request, reply) => {
    const { statusCode, message } = error as { statusCode?: number; message: string };
    const status = statusCode && statusCode >= 400 ? statusCode : 422;
    reply.code(status).send({ message, status: String(status) });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(404)
      .send({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' }),
  );
  app.get('/', async () => ({ simulator: 'github', docs: 'docs/github.md' }));
  registerApiRoutes(app, parts.world);
  registerAvatarRoutes(app, parts.world);
  registerRepoRoutes(app, parts.world);
  registerAppRoutes(app, parts.world);
  registerInstallFlow(app, parts.world);
  registerAppControl(app, parts.world);
  registerOAuthRoutes(app, parts.world, parts.oauth);
  registerWorldControl(app, parts.world);
  registerRelationControl(app, parts.world);
  registerSimControl(app, parts);
  return app;
}
