import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import type { Session } from './refresh-tokens.ts';
import { isSessionLive } from './sessions.ts';
import { verifyAccessTokenOnce } from './verified-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
  }
}

/**
 * The user and sign-in named by the request's valid bearer access token, or 401. Whether the sign-in has
 * ended is not checked here: callers look it up (`isSessionLive`, or with the analysis's access check).
 */
export async function verifiedBearer(ctx: AppContext, request: FastifyRequest): Promise<Session> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Missing bearer access token');
  const session = await verifyAccessTokenOnce({
    token: match[1],
    secret: ctx.config.jwtSecret,
    now: ctx.now(),
  });
  if (!session) throw unauthorized('Invalid or expired access token');
  return session;
}

/**
 * preHandler for authenticated routes: a valid bearer access token of a sign-in that has not ended, or 401.
 * The session lookup (one primary-key read) is what makes logout end access tokens too, not only refreshes.
 */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const session = await verifiedBearer(ctx, request);
    if (!(await isSessionLive(ctx.db, session.sessionId, session.userId))) {
      throw unauthorized('This sign-in has ended (logged out)');
    }
    request.userId = session.userId;
  };
}
