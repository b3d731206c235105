import type { AppContext } from '../context.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { LeaseLostError, releaseBoard, type SyncOutcome } from '../boards/leases.ts';
import {
  needsFullSync,
  nextAfterSuccess,
  settledUpdatedAt,
  unchangedOnGithub,
  updatedAtLags,
  webhookChangeAt,
} from './schedule.ts';
import { listOrRelist, type SyncParams } from './list-board.ts';
import { failure, leaseLost } from './sync-failure.ts';
import { handOver } from './hand-over.ts';

/**
 * One poll of one leased board: ask GitHub whether the board changed, list it when it did (or when a full
 * listing is due), record what changed, schedule the next poll.
 */
export async function syncBoard(ctx: AppContext, params: SyncParams): Promise<SyncOutcome> {
  const { board, reader, policy } = params;
  const now = ctx.now();
  const heard = webhookChangeAt(board, now);
  let outcome: SyncOutcome;
  try {
    const full = needsFullSync(board.last_full_sync_at, now, policy, heard);
    // Asked before the listing: a change made while it runs moves updatedAt past what is stored.
    const seen = params.gate ? await params.gate(board, reader) : null;
    const gateOff = board.version_gate_off === 1;
    const listed = full || gateOff || !unchangedOnGithub(seen?.updatedAt, board.github_updated_at);
    const listing = listed ? await listOrRelist(ctx, params, full) : null;
    const lags = !gateOff && !!listing && updatedAtLags(listing.statusTimes, seen);
    if (lags)
      ctx.log?.warn({ board: board.id }, "GitHub's board updatedAt lags its moves: listing it every poll");
    outcome = {
      ok: true,
      full: listing?.full ?? full,
      columns: listing?.columns ?? null,
      workflowField: listing?.workflowField ?? null,
      versionGateOff: gateOff || lags,
      githubUpdatedAt: settledUpdatedAt(seen),
      webhookChangeAt: heard,
      nextSyncAt: nextAfterSuccess(ctx.now(), policy, reader.rateBudget(), seen?.askedAt),
    };
  } catch (error) {
    // Not GitHub's failure: no error count or backoff. The lease stays until this collector's next run
    // frees it (runner.ts), and the board is synced again then.
    if (isDatabaseUnavailable(error)) throw error;
    // The workflow field changed meanwhile and took the lease: the board is due again, read by the new field.
    if (error instanceof LeaseLostError) return leaseLost(ctx, error);
    outcome = failure(error, board, ctx.now(), policy);
  }
  if (!outcome.ok && outcome.inaccessible) outcome = await handOver(ctx, board, outcome);
  await releaseBoard(ctx.db, board, params.owner, ctx.now(), outcome);
  return outcome;
}
