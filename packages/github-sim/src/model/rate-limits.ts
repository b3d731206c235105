import type { World } from './world.ts';

export type RateWindow = { limit: number; used: number; resetAt: number };

const HOUR = 3_600_000;
const windows = new WeakMap<World, Map<string, RateWindow>>();

/**
 * A budget of points an hour: 5,000 for a user, as for an OAuth app token on GitHub; `limit` where another
 * applies (an installation's, model/access.ts budgetOf), taken at each new window.
 */
export function rateWindow(world: World, login: string, limit?: number): RateWindow {
  const byUser = windows.get(world) ?? new Map<string, RateWindow>();
  windows.set(world, byUser);
  const now = world.now();
  let window = byUser.get(login);
  if (!window || window.resetAt <= now) {
    window = { limit: limit ?? window?.limit ?? 5000, used: 0, resetAt: now + HOUR };
    byUser.set(login, window);
  }
  return window;
}

export function setRateWindow(
  world: World,
  login: string,
  patch: { limit?: number; remaining?: number; resetInMs?: number },
): RateWindow {
  const window = rateWindow(world, login);
  if (patch.limit !== undefined) window.limit = patch.limit;
  if (patch.remaining !== undefined) window.used = Math.max(0, window.limit - patch.remaining);
  if (patch.resetInMs !== undefined) window.resetAt = world.now() + patch.resetInMs;
  return window;
}

export function rateHeaders(window: RateWindow, resource: string): Record<string, string> {
  return {
    'x-ratelimit-limit': String(window.limit),
    'x-ratelimit-remaining': String(Math.max(0, window.limit - window.used)),
    'x-ratelimit-used': String(window.used),
    'x-ratelimit-reset': String(Math.floor(window.resetAt / 1000)),
    'x-ratelimit-resource': resource,
  };
}
