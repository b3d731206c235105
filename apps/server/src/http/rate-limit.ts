import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

const MINUTE_MS = 60_000;

/**
 * Limits counted in the database so that they hold across replicas. Only routes that opt in are limited:
 * per client address (`authRateLimit(ctx)`) sign-in, callback, refresh, handoff and logout, where the
 * address is `request.ip`, so TRUST_PROXY decides whose X-Forwarded-For counts; per signed-in user
 * (`perUserRateLimit`) the routes that make GitHub calls or send mail on a user's behalf.
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(ctx),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'too_many_requests', `Too many requests; try again in ${context.after}`),
  });
}

/**
 * A signed-in user's limit on one route: `max` requests per `windowMs`, counted per user (not per address),
 * after `authenticate` has named them (the route's preHandler, which runs after the scope's own).
 */
export function perUserRateLimit(max: number, windowMs: number) {
  return {
    max,
    timeWindow: windowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${request.userId}`,
  };
}

/** The limit of each authentication route: AUTH_RATE_LIMIT requests a minute per client address. */
export function authRateLimit(ctx: AppContext) {
  return { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS };
}
