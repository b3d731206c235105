import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { verifyAccessToken } from './access-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
  }
}

/** preHandler for authenticated routes: a valid bearer access token or 401. */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Missing bearer access token');
    const userId = await verifyAccessToken({ token: match[1], secret: ctx.config.jwtSecret, now: ctx.now() });
    if (!userId) throw unauthorized('Invalid or expired access token');
    request.userId = userId;
  };
}
