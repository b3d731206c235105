import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPrincipal, type Principal, resolveToken } from '../model/access.ts';
import type { SimUser } from '../model/types.ts';
import type { World } from '../model/world.ts';

/** `user` is the viewer: the token's user, or the App's bot for an installation token. */
export type Authenticated = { principal: Principal; user: SimUser };

export function sendError(reply: FastifyReply, status: number, message: string, docs: string): FastifyReply {
  return reply.code(status).send({ message, documentation_url: docs, status: String(status) });
}

/**
 * GitHub's 401 answers: "Requires authentication" without a token, "Bad credentials" with a wrong, expired
 * or revoked one; 403 for a token of a suspended installation.
 */
export function authenticate(
  world: World,
  request: FastifyRequest,
  reply: FastifyReply,
  docs: string,
): Authenticated | undefined {
  const result = resolveToken(world, request.headers.authorization);
  if (isPrincipal(result)) {
    world.stats.requests[result.kind] += 1;
    return { principal: result, user: result.user };
  }
  if (result.refused === 'suspended') {
    sendError(reply, 403, result.message, docs);
    return undefined;
  }
  const graphql = request.url.startsWith('/graphql');
  const message =
    result.refused === 'missing'
      ? graphql
        ? 'This endpoint requires you to be authenticated.'
        : 'Requires authentication'
      : 'Bad credentials';
  reply.header('www-authenticate', 'Bearer realm="GitHub"');
  sendError(reply, 401, message, docs);
  return undefined;
}

/** Headers GitHub sends about a token's OAuth scopes (classic tokens only). */
export function scopeHeaders(principal: Principal, accepted: string): Record<string, string> {
  if (principal.kind !== 'classic') return {};
  return { 'x-oauth-scopes': principal.token.scopes.join(', '), 'x-accepted-oauth-scopes': accepted };
}

export const NOT_ACCESSIBLE = 'Resource not accessible by integration';
