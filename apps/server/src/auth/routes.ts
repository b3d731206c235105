import { logoutRequestSchema, profileSchema, refreshRequestSchema, tokenPairSchema } from '@fluxion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toProfile } from '../billing/subscription.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { findUser } from '../users/queries.ts';
import { issueAccessToken } from './access-tokens.ts';
import { authenticate } from './authenticate.ts';
import { HANDOFF_PATH, takeHandoffCookie } from './handoff.ts';
import { endSessionOf, type RotationResult, rotateRefreshToken } from './refresh-tokens.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const rateLimit = authRateLimit(ctx);
  const tokenPair = async (rotated: RotationResult, now: number) => {
    if (!rotated.ok)
      throw unauthorized(`Refresh token is ${rotated.reason === 'unknown' ? 'invalid' : rotated.reason}`);
    const access = await issueAccessToken({ ...rotated, secret: ctx.config.jwtSecret, now });
    return { access, refresh: rotated.token };
  };

  app.post(
    '/api/token/refresh/',
    { config: { rateLimit }, schema: { body: refreshRequestSchema, response: { 200: tokenPairSchema } } },
    async (request) => {
      const now = ctx.now();
      return tokenPair(await rotateRefreshToken(ctx.db, request.body.refresh, now), now);
    },
  );

  // The OAuth callback's one-time handoff (handoff.ts): only once, so no rotation grace.
  app.post(
    HANDOFF_PATH,
    { config: { rateLimit }, schema: { response: { 200: tokenPairSchema } } },
    async (request, reply) => {
      const handedOff = takeHandoffCookie(ctx, request, reply);
      if (!handedOff) throw unauthorized('No sign-in to take over in this browser');
      const now = ctx.now();
      return tokenPair(await rotateRefreshToken(ctx.db, handedOff, now, { grace: false }), now);
    },
  );

  // Holding a refresh token of the sign-in is proof enough to end it, so logout works with an expired
  // access token too. Every token of the sign-in, rotated or not, and its access tokens are refused after.
  app.post(
    '/api/logout/',
    { config: { rateLimit }, schema: { body: logoutRequestSchema } },
    async (request, reply) => {
      const ended = await endSessionOf(ctx.db, request.body.refresh_token, ctx.now());
      if (!ended) throw unauthorized('Refresh token is invalid or already revoked');
      return reply.status(204).send();
    },
  );

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
