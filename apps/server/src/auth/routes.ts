import {
  logoutRequestSchema,
  profileSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '@fluxion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toProfile } from '../billing/subscription.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { findUser } from '../users/queries.ts';
import { issueAccessToken } from './access-tokens.ts';
import { authenticate } from './authenticate.ts';
import { revokeRefreshToken, rotateRefreshToken } from './refresh-tokens.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/token/refresh/',
    {
      schema: {
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema.extend({ refresh: z.string() }) },
      },
    },
    async (request) => {
      const now = ctx.now();
      const rotated = await rotateRefreshToken(ctx.db, request.body.refresh, now);
      if (!rotated.ok)
        throw unauthorized(`Refresh token is ${rotated.reason === 'unknown' ? 'invalid' : rotated.reason}`);
      const access = await issueAccessToken({ userId: rotated.userId, secret: ctx.config.jwtSecret, now });
      return { access, refresh: rotated.token };
    },
  );

  // Holding the refresh token is proof enough to revoke it, so logout works with an expired access token too.
  app.post('/api/logout/', { schema: { body: logoutRequestSchema } }, async (request, reply) => {
    const revoked = await revokeRefreshToken(ctx.db, request.body.refresh_token, ctx.now());
    if (!revoked) throw unauthorized('Refresh token is invalid or already revoked');
    return reply.status(204).send();
  });

  app.get(
    '/api/me/',
    { preHandler: authenticate(ctx), schema: { response: { 200: profileSchema } } },
    async (request) => {
      const user = await findUser(ctx.db, request.userId);
      if (!user) throw unauthorized('User no longer exists');
      return toProfile(user, ctx.now());
    },
  );
};
