import type { CollectorTiming } from '../config.ts';
import type { RateBudget } from '../github/board-reader.ts';

/** Pure scheduling rules of the collector: when a board is polled next, and how errors back off. */

export type SchedulePolicy = {
  /** Normal time between polls of one board. */
  pollIntervalMs: number;
  /** A full (not incremental) sync at least this often, to notice deleted items. */
  fullSyncIntervalMs: number;
  /** The full sync's interval while the board's changes arrive by webhook (default: fullSyncIntervalMs). */
  webhookFullSyncIntervalMs?: number;
  maxBackoffMs: number;
  /** Below this many remaining GraphQL points, polling waits for the budget to reset. */
  minRateLimitRemaining: number;
};

/** The intervals are settings (COLLECTOR_POLL_MS, COLLECTOR_FULL_SYNC_MS); backoff and rate-limit rules are fixed. */
export function schedulePolicy(
  timing: Pick<CollectorTiming, 'pollIntervalMs' | 'fullSyncMs'> &
    Partial<Pick<CollectorTiming, 'webhookFullSyncMs'>>,
): SchedulePolicy {
  return {
    pollIntervalMs: timing.pollIntervalMs,
    fullSyncIntervalMs: timing.fullSyncMs,
    webhookFullSyncIntervalMs: timing.webhookFullSyncMs ?? timing.fullSyncMs,
    maxBackoffMs: 60 * 60_000,
    minRateLimitRemaining: 200,
  };
}

/**
 * A poll interval after `from`: now, or when GitHub was asked the board's updatedAt, so that the boards
 * of one user that shared that answer fall due together again and share the next one.
 */
export function nextAfterSuccess(
  now: number,
  policy: SchedulePolicy,
  budget: RateBudget,
  from: number = now,
): number {
  const normal = from + policy.pollIntervalMs;
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

/** A board whose changes came by webhook within this time is taken to have its webhooks arriving. */
export const WEBHOOKS_HEARD_WITHIN_MS = 24 * 60 * 60_000;

/**
 * Whether this sync must list every item: the first time, then every full-sync interval, which is longer
 * (`webhookFullSyncIntervalMs`) while webhooks arrive: they carry the moves, and the full listing is
 * left to notice deletions, missed deliveries and changes GitHub does not reflect in the board's updatedAt.
 */
export function needsFullSync(
  lastFullSyncAt: number | null,
  now: number,
  policy: SchedulePolicy,
  webhookChangeAt: number | null = null,
): boolean {
  if (lastFullSyncAt === null) return true;
  const hooked = webhookChangeAt !== null && now - webhookChangeAt <= WEBHOOKS_HEARD_WITHIN_MS;
  const interval = hooked
    ? (policy.webhookFullSyncIntervalMs ?? policy.fullSyncIntervalMs)
    : policy.fullSyncIntervalMs;
  return now - lastFullSyncAt >= interval;
}

/**
 * When a change last came by webhook: now, if the board's data version rose since the collector last
 * released it (between two syncs only webhooks record changes); otherwise as stored.
 */
export function webhookChangeAt(
  board: { data_version: number; synced_data_version: number | null; webhook_change_at: number | null },
  now: number,
): number | null {
  const synced = board.synced_data_version;
  if (synced !== null && Number(board.data_version) > Number(synced)) return now;
  return board.webhook_change_at === null ? null : Number(board.webhook_change_at);
}

/** GitHub's clock against ours: a Status set this close to either end of the comparison is not judged. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The updatedAt that later polls compare with to call the board unchanged: the one GitHub answered, once
 * it is older than the question by a minute (of clock skew). GitHub stamps whole seconds, so an updatedAt
 * whose second had not ended when asked is also the stamp of a change made later in that second, after
 * the listing: such an answer is not kept (null), and the next poll lists the board again.
 */
export function settledUpdatedAt(seen: { updatedAt: string | null; askedAt: number } | null): string | null {
  if (!seen?.updatedAt) return null;
  return Date.parse(seen.updatedAt) <= seen.askedAt - CLOCK_SKEW_MS ? seen.updatedAt : null;
}

/** Whether GitHub's answer shows the board unchanged since its last listing (unknown: not unchanged). */
export function unchangedOnGithub(
  seenUpdatedAt: string | null | undefined,
  storedUpdatedAt: string | null,
): boolean {
  return !!seenUpdatedAt && seenUpdatedAt === storedUpdatedAt;
}

/**
 * Whether the board's `updatedAt`, as GitHub answered it before a listing, is older than a Status change
 * the listing shows was made before the question. Then `updatedAt` does not follow moves on this host
 * (GitHub documents it only as "when the object was last updated"), and gating listings on it would miss
 * moves until the next full listing.
 */
export function updatedAtLags(
  statusTimes: readonly (number | null)[],
  seen: { updatedAt: string | null; askedAt: number } | null,
): boolean {
  if (!seen?.updatedAt) return false;
  const boardAt = Date.parse(seen.updatedAt);
  return statusTimes.some(
    (at) => at !== null && at > boardAt + CLOCK_SKEW_MS && at < seen.askedAt - CLOCK_SKEW_MS,
  );
}
