import type { Db } from '../db/connection.ts';
import { markMovesRewritten } from '../move-log/segments.ts';
import type { GithubItemHistory } from '../github/types.ts';
import type { Move } from './observation.ts';
import { insertMoves } from './queries.ts';

/**
 * Turns issue-timeline Status changes into moves marked 'backfill'. Only items still on the board count;
 * GitHub omits some events, so this adds history where it can and never replaces what was observed.
 */
export function backfillMoves(histories: GithubItemHistory[], itemIds: ReadonlySet<string>): Move[] {
  const moves: Move[] = [];
  for (const history of histories) {
    if (!history.itemId || !itemIds.has(history.itemId)) continue;
    for (const change of history.changes) {
      const at = Date.parse(change.at);
      if (!Number.isFinite(at)) continue;
      moves.push({ itemId: history.itemId, from: change.from, to: change.to, at, source: 'backfill' });
    }
  }
  return moves;
}

/** Why a board's past moves could not be imported (boards.backfill_skipped). */
export type BackfillSkipped = 'no_timeline_events';

/** Marks the import done without moves: the host's timelines cannot tell them (shown to the board's users). */
export async function recordBackfillSkipped(
  db: Db,
  boardId: string,
  reason: BackfillSkipped,
  now: number,
): Promise<void> {
  await db
    .updateTable('boards')
    .set({ backfilled_at: now, backfill_skipped: reason })
    .where('id', '=', boardId)
    .execute();
}

/**
 * Records the backfilled moves. A snapshot entry that placed an item in the column its backfilled history
 * already ends in is redundant (it would split one stay in two), so it goes; any other snapshot stays.
 */
export async function recordBackfill(db: Db, boardId: string, moves: Move[], now: number): Promise<number> {
  if (moves.length === 0) {
    await db.updateTable('boards').set({ backfilled_at: now }).where('id', '=', boardId).execute();
    return 0;
  }
  return db.transaction().execute(async (trx) => {
    const inserted = await insertMoves(trx, boardId, moves, now);
    const latest = new Map<string, Move>();
    for (const move of moves) {
      const seen = latest.get(move.itemId);
      if (!seen || move.at > seen.at) latest.set(move.itemId, move);
    }
    const snapshots = await trx
      .selectFrom('transitions')
      .select(['id', 'item_id', 'to_column', 'at'])
      .where('board_id', '=', boardId)
      .where('source', '=', 'snapshot')
      .execute();
    const redundant = snapshots
      .filter((s) => {
        const last = latest.get(s.item_id);
        return last !== undefined && last.to === s.to_column && last.at <= s.at;
      })
      .map((s) => s.id);
    for (let i = 0; i < redundant.length; i += 500) {
      await trx
        .deleteFrom('transitions')
        .where('id', 'in', redundant.slice(i, i + 500))
        .execute();
    }
    await trx
      .updateTable('boards')
      .set((eb) => ({
        data_version: eb('data_version', '+', 1),
        backfilled_at: now,
      }))
      .where('id', '=', boardId)
      .execute();
    if (redundant.length > 0) {
      await markMovesRewritten(
        trx,
        boardId,
        redundant.reduce((min, id) => Math.min(min, id), Infinity),
      );
    }
    return inserted;
  });
}
