import type { Principal } from './access.ts';
import { rateKey } from './access.ts';
import type { World } from './world.ts';

/**
 * GitHub's documented secondary rate limits ("About secondary rate limits", docs.github.com): at most 100
 * concurrent requests, shared by REST and GraphQL; at most 900 points a minute for REST endpoints and 2,000
 * for the GraphQL endpoint, per user or installation. Secondary points are not the primary budget's: a
 * GraphQL query is 1 (a mutation 5), a REST GET, HEAD or OPTIONS 1, another REST method 5.
 */
export type SecondaryLimits = {
  concurrentRequests: number;
  restPointsPerMinute: number;
  graphqlPointsPerMinute: number;
};

export const GITHUB_SECONDARY_LIMITS: SecondaryLimits = {
  concurrentRequests: 100,
  restPointsPerMinute: 900,
  graphqlPointsPerMinute: 2000,
};

const MINUTE = 60_000;
type Window = { points: number; resetAt: number };
const minutes = new WeakMap<World, Map<string, Window>>();
const inFlight = new WeakMap<World, Map<string, number>>();

export type SecondaryRefusal = { rule: 'concurrency' | 'points'; retryAfterSeconds: number | null };

function pointsOf(graphql: boolean, method: string): number {
  if (graphql) return 1;
  return ['GET', 'HEAD', 'OPTIONS'].includes(method) ? 1 : 5;
}

/**
 * Counts a request against the principal's secondary limits. A refusal names the rule and, for a minute's
 * points, the seconds until that minute ends (GitHub's `retry-after`); too many at once has no
 * retry-after (GitHub: then wait at least a minute). An accepted request must be `release`d when answered.
 */
export function admitRequest(
  world: World,
  principal: Principal,
  request: { graphql: boolean; method: string },
): SecondaryRefusal | null {
  const limits = world.options.secondaryLimits ?? GITHUB_SECONDARY_LIMITS;
  const key = rateKey(principal);
  const running = inFlight.get(world) ?? new Map<string, number>();
  inFlight.set(world, running);
  if ((running.get(key) ?? 0) >= limits.concurrentRequests)
    return { rule: 'concurrency', retryAfterSeconds: null };
  const byKey = minutes.get(world) ?? new Map<string, Window>();
  minutes.set(world, byKey);
  const endpoint = `${key}#${request.graphql ? 'graphql' : 'rest'}`;
  const now = world.now();
  let window = byKey.get(endpoint);
  if (!window || window.resetAt <= now) {
    window = { points: 0, resetAt: now + MINUTE };
    byKey.set(endpoint, window);
  }
  const points = pointsOf(request.graphql, request.method);
  const limit = request.graphql ? limits.graphqlPointsPerMinute : limits.restPointsPerMinute;
  if (window.points + points > limit)
    return { rule: 'points', retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  window.points += points;
  running.set(key, (running.get(key) ?? 0) + 1);
  return null;
}

export function release(world: World, principal: Principal): void {
  const running = inFlight.get(world);
  const key = rateKey(principal);
  const count = running?.get(key) ?? 0;
  if (count <= 1) running?.delete(key);
  else running?.set(key, count - 1);
}
