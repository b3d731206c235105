import type { CollectorTiming } from '../config.ts';

/** Pure scheduling rules of the collector: when a board is polled next, and how errors back off. */

export type SchedulePolicy = {
  /** Normal time between polls of one board. */
  pollIntervalMs: number;
  /** A full (not incremental) sync at least this often, to notice deleted items. */
  fullSyncIntervalMs: number;
  maxBackoffMs: number;
  /** Below this many remaining GraphQL points, polling waits for the budget to reset. */
  minRateLimitRemaining: number;
};

/** The intervals are settings (COLLECTOR_POLL_MS, COLLECTOR_FULL_SYNC_MS); backoff and rate-limit rules are fixed. */
export function schedulePolicy(
  timing: Pick<CollectorTiming, 'pollIntervalMs' | 'fullSyncMs'>,
): SchedulePolicy {
  return {
    pollIntervalMs: timing.pollIntervalMs,
    fullSyncIntervalMs: timing.fullSyncMs,
    maxBackoffMs: 60 * 60_000,
    minRateLimitRemaining: 200,
  };
}

export type RateBudget = { remaining: number; resetAt: number } | null;

export function nextAfterSuccess(now: number, policy: SchedulePolicy, budget: RateBudget): number {
  const normal = now + policy.pollIntervalMs;
  if (budget && budget.remaining < policy.minRateLimitRemaining) return Math.max(normal, budget.resetAt);
  return normal;
}

/** Exponential backoff from the poll interval, capped; a server-given retry-after wins when longer. */
export function nextAfterFailure(
  now: number,
  policy: SchedulePolicy,
  errorCount: number,
  retryAfterMs: number | null,
): number {
  const backoff = Math.min(policy.pollIntervalMs * 2 ** Math.min(errorCount, 16), policy.maxBackoffMs);
  return now + Math.max(backoff, retryAfterMs ?? 0);
}

export function needsFullSync(lastFullSyncAt: number | null, now: number, policy: SchedulePolicy): boolean {
  return lastFullSyncAt === null || now - lastFullSyncAt >= policy.fullSyncIntervalMs;
}
