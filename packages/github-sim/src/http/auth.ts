import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenFromHeader } from '../model/tokens.ts';
import type { SimToken, SimUser } from '../model/types.ts';
import type { World } from '../model/world.ts';

export type Authenticated = { token: SimToken; user: SimUser };

/** GitHub's 401 answers: "Requires authentication" without a token, "Bad credentials" with a wrong one. */
export function authenticate(
  world: World,
  request: FastifyRequest,
  reply: FastifyReply,
  docs: string,
): Authenticated | undefined {
  const result = tokenFromHeader(world, request.headers.authorization);
  const user = typeof result === 'object' ? world.users.get(result.login) : undefined;
  if (typeof result === 'object' && user) return { token: result, user };
  const graphql = request.url.startsWith('/graphql');
  const message =
    result === 'missing'
      ? graphql
        ? 'This endpoint requires you to be authenticated.'
        : 'Requires authentication'
      : 'Bad credentials';
  reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="GitHub"')
    .send({ message, documentation_url: docs, status: '401' });
  return undefined;
}
