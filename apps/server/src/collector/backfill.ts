import { holdLease } from '../boards/leases.ts';
import { recordChanges } from '../boards/changes.ts';
import { type BackfillSkipped, markBackfilled } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';
import { dropSnapshotsBackfilled, insertMoves, markPartialHistories } from '../move-log/writes.ts';
import { recordLabelChanges } from '../move-log/label-changes.ts';
import type { LabelChange } from '@fluxion/flow';
import type { CheckedHistories } from './history-check.ts';

export type { BackfillSkipped };

/**
 * Marks the import done without moves: the host's timelines cannot tell them (shown to the board's users).
 * `leaseOwner`: the sync's; nothing is written if it lost the board's lease (LeaseLostError).
 */
export async function recordBackfillSkipped(
  db: Db,
  boardId: string,
  reason: BackfillSkipped,
  now: number,
  leaseOwner?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (leaseOwner !== undefined) await holdLease(trx, boardId, leaseOwner);
    await markBackfilled(trx, boardId, now, { skipped: reason });
  });
}

/**
 * Records the import of past moves (checked against GitHub's current values: history-check.ts), the items
 * whose history is partial, and how many items it covered. A snapshot entry that placed an item in the
 * column its imported history already ends in is redundant (it would split one stay in two), so it goes;
 * any other snapshot stays. `leaseOwner`: as above. `labels`: the timelines' label events (the blocked
 * label's past: docs/metrics.md, "Blocked time"), each written once whatever the polls saw.
 */
export async function recordBackfill(
  db: Db,
  boardId: string,
  checked: CheckedHistories,
  now: number,
  leaseOwner?: string,
  labels: readonly LabelChange[] = [],
): Promise<number> {
  // Reconstructed: with a known start; an item of which only the joining was is still unknown.
  const estimated = new Set(
    (checked.estimated ?? []).filter((m) => m.basis !== 'added_only').map((m) => m.itemId),
  ).size;
  const history = { items: checked.checked, partial: checked.partial.size, estimated };
  const moves = [...checked.moves, ...(checked.estimated ?? [])];
  return recordChanges(db, boardId, async (changes) => {
    const trx = changes.db;
    if (leaseOwner !== undefined) await holdLease(trx, boardId, leaseOwner);
    await recordLabelChanges(changes, labels, 'timeline', now);
    if (moves.length === 0) {
      await markBackfilled(trx, boardId, now, { history });
      return 0;
    }
    const inserted = await insertMoves(trx, boardId, moves, now);
    await dropSnapshotsBackfilled(trx, boardId, moves);
    await markPartialHistories(trx, boardId, checked.partial);
    await markBackfilled(trx, boardId, now, { history });
    changes.wrote();
    return inserted;
  });
}
