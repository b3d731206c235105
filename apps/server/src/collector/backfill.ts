import { type BackfillSkipped, markBackfilled } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';
import type { GithubItemHistory } from '../github/types.ts';
import { dropSnapshotsBackfilled, insertMoves } from '../move-log/writes.ts';
import type { Move } from './observation.ts';

export type { BackfillSkipped };

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

/** Marks the import done without moves: the host's timelines cannot tell them (shown to the board's users). */
export async function recordBackfillSkipped(
  db: Db,
  boardId: string,
  reason: BackfillSkipped,
  now: number,
): Promise<void> {
  await markBackfilled(db, boardId, now, { skipped: reason });
}

/**
 * Records the backfilled moves. A snapshot entry that placed an item in the column its backfilled history
 * already ends in is redundant (it would split one stay in two), so it goes; any other snapshot stays.
 */
export async function recordBackfill(db: Db, boardId: string, moves: Move[], now: number): Promise<number> {
  if (moves.length === 0) {
    await markBackfilled(db, boardId, now);
    return 0;
  }
  return db.transaction().execute(async (trx) => {
    const inserted = await insertMoves(trx, boardId, moves, now);
    await dropSnapshotsBackfilled(trx, boardId, moves);
    await markBackfilled(trx, boardId, now, { recorded: true });
    return inserted;
  });
}
