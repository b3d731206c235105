import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import type { SyncOutcome } from '../boards/leases.ts';
import { setCollectorUser } from '../boards/repository.ts';

/**
 * The user whose token reads the board lost access (revoked grant, left the organization): another user
 * tracking the board takes over. Right away the first time; later ones wait for the backoff, so that
 * users who all lack access do not hand the board around in a loop.
 */
export async function handOver(ctx: AppContext, board: Board, outcome: SyncOutcome): Promise<SyncOutcome> {
  const next = await ctx.db
    .selectFrom('tracked_projects')
    .innerJoin('users', 'users.id', 'tracked_projects.user_id')
    .select('users.id')
    .where('tracked_projects.board_id', '=', board.id)
    .where('users.id', '!=', board.collector_user_id ?? '')
    .where('users.github_token_enc', 'is not', null)
    .orderBy('tracked_projects.added_at')
    .executeTakeFirst();
  if (!next) return outcome;
  await setCollectorUser(ctx.db, board.id, next.id);
  return board.sync_error_count === 0 ? { ...outcome, nextSyncAt: ctx.now() } : outcome;
}
