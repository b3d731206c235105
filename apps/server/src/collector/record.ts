import { holdLease } from '../boards/leases.ts';
import { type BoardChanges, recordChanges } from '../boards/changes.ts';
import { addHistoryCoverage, takeItemSeq } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';
import {
  applyItemStates,
  markArchived,
  insertBareItems,
  insertMoves,
  insertNewMoves,
  itemsChangedSince,
  loadStoredItems,
  markPartialHistories,
  reconcileChains,
  relinkNextMove,
  upsertItemMetadata,
} from '../move-log/writes.ts';
import { diffListing } from './diff.ts';
import type { Move, ObservedItem } from './observation.ts';
import { diffReportedMoves } from './reported-moves.ts';

/**
 * Whether each move reported by webhooks was recorded (not known already), applied as if one after the
 * other. Late (out-of-order) moves add their transition but never overwrite a newer current column; the
 * move after one, if recorded as leaving its `from` (a poll that saw only the end of both), now leaves
 * its `to`. Call it in the webhook path's unit of work, which marks the deliveries with it.
 */
export async function applyReportedMoves(
  changes: BoardChanges,
  moves: Move[],
  now: number,
): Promise<boolean[]> {
  if (moves.length === 0) return [];
  const { db: trx, boardId } = changes;
  // First: taking the counter locks the board row, so deliveries of moves of the same board (on any
  // replica) read the item's stored column one after the other, never both before either writes.
  const seq = await takeItemSeq(trx, boardId);
  const stored = await loadStoredItems(trx, boardId, [...new Set(moves.map((m) => m.itemId))]);
  const diff = diffReportedMoves(stored, moves);
  const candidates = diff.candidates.filter((c) => c !== null);
  // A late move relinks the move after it before the moves delivered after it are checked and stored, as
  // if recorded one after the other: those see the relinked chain, and it does not see them.
  const accepted = new Set<Move>();
  let start = 0;
  for (const [i, move] of candidates.entries()) {
    if (!diff.late.has(move) && i < candidates.length - 1) continue;
    for (const inserted of await insertNewMoves(trx, boardId, candidates.slice(start, i + 1), now)) {
      accepted.add(inserted);
    }
    if (diff.late.has(move) && accepted.has(move)) await relinkNextMove(trx, boardId, move);
    start = i + 1;
  }
  if (diff.newItems.length > 0) await insertBareItems(trx, boardId, diff.newItems, now, seq);
  await applyItemStates(trx, boardId, diff.states, now, seq);
  changes.wrote(accepted.size + diff.newItems.length + diff.states.length);
  // A late move goes in time order and leaves the column alone; where the chain then ends elsewhere than
  // the item stands (the move into its column was taken for a copy), the missing move is recorded.
  const healed = await reconcileChains(
    trx,
    boardId,
    moves.map((m) => m.itemId),
    'webhook',
    now,
  );
  changes.wrote(healed);
  return diff.candidates.map((c) => c !== null && accepted.has(c));
}

/**
 * Records what a poll saw: metadata, moves and current columns, in one transaction. `listedAtSeq`: the
 * board's item_seq read before the listing; items changed since (a webhook stored while the listing ran)
 * keep their stored column, since the listing may have been read before that change. `leaseOwner`: the
 * sync's; nothing is written if it lost the board's lease (LeaseLostError: the workflow field changed).
 */
export async function recordObservation(
  db: Db,
  params: {
    boardId: string;
    addedAt: number;
    observed: ObservedItem[];
    /** Items listed but hidden from the reader (REDACTED): unknown, so neither moved nor removed. */
    hidden?: readonly string[];
    initial: boolean;
    complete: boolean;
    now: number;
    listedAtSeq?: number;
    leaseOwner?: string;
  },
): Promise<number> {
  return recordChanges(db, params.boardId, async (changes) => {
    const trx = changes.db;
    if (params.leaseOwner !== undefined) await holdLease(trx, params.boardId, params.leaseOwner);
    const seq = await takeItemSeq(trx, params.boardId);
    // A partial (incremental) listing speaks only for the items it lists: only those are read.
    const listed = params.complete ? undefined : params.observed.map((i) => i.itemId);
    const stored = await loadStoredItems(trx, params.boardId, listed);
    const recordedSince =
      params.listedAtSeq === undefined
        ? undefined
        : await itemsChangedSince(trx, params.boardId, params.listedAtSeq);
    const diff = diffListing({ ...params, notBefore: params.addedAt, stored, recordedSince, source: 'poll' });
    const changed = await upsertItemMetadata(trx, params.boardId, params.observed, params.now, seq, stored);
    const inserted = await insertMoves(trx, params.boardId, diff.moves, params.now);
    await applyItemStates(trx, params.boardId, diff.states, params.now, seq);
    await markArchived(trx, params.boardId, diff.archivedOff, params.now, seq);
    if (diff.partial.size > 0) {
      await markPartialHistories(trx, params.boardId, diff.partial);
      await addHistoryCoverage(trx, params.boardId, diff.partial.size);
    }
    // The log ends where GitHub shows each listed item (a full listing: every item of the board).
    const healed = await reconcileChains(trx, params.boardId, listed, 'poll', params.now);
    // New or changed items (a renamed issue) too: loaded boards read only those.
    changes.wrote(diff.moves.length + diff.states.length + diff.archivedOff.length + changed + healed);
    return inserted + healed;
  });
}
