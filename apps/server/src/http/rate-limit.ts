import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

const MINUTE_MS = 60_000;

/**
 * Per-client-address limits, counted in the database so that they hold across replicas. Only routes
 * that opt in (`config: { rateLimit: authRateLimit(ctx) }`) are limited: sign-in, callback, refresh,
 * handoff and logout. The client address is `request.ip`, so TRUST_PROXY decides whose
 * X-Forwarded-For counts.
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(ctx),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'too_many_requests', `Too many requests; try again in ${context.after}`),
  });
}

/** The limit of each authentication route: AUTH_RATE_LIMIT requests a minute per client address. */
export function authRateLimit(ctx: AppContext) {
  return { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS };
}
