import type { Board } from '../db/schema.ts';
import { GithubAuthError, GithubNotFoundError, GithubRateLimitError } from '../github/errors.ts';
import type { LeaseLostError, SyncOutcome } from '../boards/leases.ts';
import type { AppContext } from '../context.ts';
import { nextAfterFailure, type SchedulePolicy } from './schedule.ts';

/** A sync that lost its lease releases nothing: the board is no longer its to schedule. */
export function leaseLost(ctx: AppContext, error: LeaseLostError): SyncOutcome {
  return { ok: false, error: error.message, inaccessible: false, nextSyncAt: ctx.now() };
}

export function failure(error: unknown, board: Board, now: number, policy: SchedulePolicy): SyncOutcome {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof GithubNotFoundError || error instanceof GithubAuthError) {
    return { ok: false, error: message, inaccessible: true, nextSyncAt: now + policy.maxBackoffMs };
  }
  // A secondary limit's wait is GitHub's retry-after, counted on our clock. GitHub's limits reset within the
  // hour: a longer wait comes from a skewed clock or a bogus header, and must not park the board for days.
  const retryAfter =
    error instanceof GithubRateLimitError
      ? Math.min(error.waitMs ?? error.retryAt.getTime() - now, policy.maxBackoffMs)
      : null;
  const nextSyncAt = nextAfterFailure(now, policy, board.sync_error_count + 1, retryAfter);
  return { ok: false, error: message, inaccessible: false, nextSyncAt };
}
