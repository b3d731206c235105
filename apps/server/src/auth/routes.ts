import { endpoints, type Profile } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { signOutGithubToken } from '../github/user-token.ts';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { unauthorized } from '../http/errors.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { findUser } from '../users/queries.ts';
import { issueAccessToken } from './access-tokens.ts';
import { authenticate } from './authenticate.ts';
import { takeHandoffCookie } from './handoff.ts';
import { hasLiveSession } from './sessions.ts';
import { endSessionOf, type RotationResult, rotateRefreshToken } from './refresh-tokens.ts';

/** The user's profile with the team plan that covers them: billing/'s, handed down by app.ts. */
export type ProfileOf = (ctx: AppContext, user: User) => Promise<Profile>;

export async function authRoutes(
  app: FastifyInstance,
  { ctx, profileOf }: { ctx: AppContext; profileOf: ProfileOf },
) {
  const rateLimit = authRateLimit(ctx);
  const tokenPair = async (rotated: RotationResult, now: number) => {
    if (!rotated.ok)
      throw unauthorized(`Refresh token is ${rotated.reason === 'unknown' ? 'invalid' : rotated.reason}`);
    const access = await issueAccessToken({ ...rotated, secret: ctx.config.jwtSecret, now });
    return { access, refresh: rotated.token };
  };

  registerEndpoint(
    app,
    endpoints.refreshToken,
    async (request) => {
      const now = ctx.now();
      return tokenPair(await rotateRefreshToken(ctx.db, request.body.refresh, now), now);
    },
    { config: { rateLimit } },
  );

  // The OAuth callback's one-time handoff (handoff.ts): its token is single-use, here and at refresh.
  registerEndpoint(
    app,
    endpoints.tokenHandoff,
    async (request, reply) => {
      const handedOff = takeHandoffCookie(ctx, request, reply);
      if (!handedOff) throw unauthorized('No sign-in to take over in this browser');
      const now = ctx.now();
      return tokenPair(await rotateRefreshToken(ctx.db, handedOff, now, { handoff: true }), now);
    },
    { config: { rateLimit } },
  );

  // Holding a refresh token of the sign-in is proof enough to end it, so logout works with an expired
  // access token too. Every token of the sign-in, rotated or not, and its access tokens are refused after.
  // The last sign-in of the user ending also ends the GitHub App's user token (github/user-token.ts);
  // while another browser is still signed in, that one keeps using it.
  registerEndpoint(
    app,
    endpoints.logout,
    async (request, reply) => {
      const ended = await endSessionOf(ctx.db, request.body.refresh_token, ctx.now());
      if (!ended) throw unauthorized('Refresh token is invalid or already revoked');
      if (!(await hasLiveSession(ctx.db, ended.userId))) await signOutGithubToken(ctx, ended.userId);
      return reply.status(204).send();
    },
    { config: { rateLimit } },
  );

  registerEndpoint(
    app,
    endpoints.me,
    async (request) => {
      const user = await findUser(ctx.db, request.userId);
      if (!user) throw unauthorized('User no longer exists');
      return profileOf(ctx, user);
    },
    { preHandler: authenticate(ctx) },
  );
}
