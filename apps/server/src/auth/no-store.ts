import { routes } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';

/** Answers that carry tokens: the pair (handoff, refresh), and the callback's handoff cookie. */
const TOKEN_ROUTES = new Set<string>([
  routes.tokenHandoff.path,
  routes.refreshToken.path,
  routes.oauthCallback.path,
]);

/**
 * Keeps tokens and user-specific answers out of every cache (browser, proxy, CDN): token answers say
 * `no-store` with `Pragma: no-cache` (RFC 6749 §5.1), and any answer to a call with an Authorization
 * header, errors included, `private, no-store` unless its route set its own. Public answers (the API
 * document, the web app's files) are left as their routes make them.
 */
export function registerNoStore(app: FastifyInstance): void {
  // A callback, not an async hook: every answer passes here, and a promise a request costs a warm answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && TOKEN_ROUTES.has(route)) {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    } else if (request.headers.authorization !== undefined && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
    done(null, payload);
  });
}
