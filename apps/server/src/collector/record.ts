import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { planSync } from './diff.ts';
import type { Move, ObservedItem } from './observation.ts';
import {
  applyItemStates,
  insertMoves,
  insertNewMoves,
  itemsChangedSince,
  loadStoredItems,
  reconcileChains,
  relinkNextMove,
  takeItemSeq,
  upsertItemMetadata,
} from './queries.ts';
import { planReportedMoves } from './reported-moves.ts';

/** Marks webhook deliveries processed; answers those that were not marked before. */
async function markDeliveries(db: Db, deliveryIds: string[], now: number): Promise<Set<string>> {
  const rows = await db
    .insertInto('webhook_deliveries')
    .values([...new Set(deliveryIds)].map((id) => ({ delivery_id: id, received_at: now })))
    .onConflict((oc) => oc.doNothing())
    .returning('delivery_id')
    .execute();
  return new Set(rows.map((r) => r.delivery_id));
}

/** Marks a webhook delivery processed; false if it was already. */
export async function markDelivery(db: Db, deliveryId: string, now: number): Promise<boolean> {
  return (await markDeliveries(db, [deliveryId], now)).size > 0;
}

async function bumpVersion(db: Db, boardId: string): Promise<void> {
  await db
    .updateTable('boards')
    .set({ data_version: sql`data_version + 1` })
    .where('id', '=', boardId)
    .execute();
}

/**
 * Records one move reported by a webhook. Late (out-of-order) events add their transition but never
 * overwrite a newer current column; the move after it, if recorded as leaving this move's `from` (a poll
 * that saw only the end of both), now leaves this move's `to`.
 */
export async function recordReportedMove(db: Db, boardId: string, move: Move, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [recorded] = await applyReportedMoves(trx, boardId, [move], now);
    return recorded === true;
  });
}

export type Delivered = { deliveryId: string; move: Move };
export type DeliveredMoveOutcome = 'recorded' | 'already recorded' | 'duplicate';

/**
 * `recordReportedMove` for webhook deliveries of one board, in arrival order, in one transaction that
 * marks them: a delivery seen before records nothing, and if the moves cannot be stored, no delivery is
 * marked (GitHub delivers them again).
 */
export async function recordDeliveredMoves(
  db: Db,
  boardId: string,
  deliveries: readonly Delivered[],
  now: number,
): Promise<DeliveredMoveOutcome[]> {
  return db.transaction().execute(async (trx) => {
    const fresh = await markDeliveries(
      trx,
      deliveries.map((d) => d.deliveryId),
      now,
    );
    // The same delivery twice in one batch: the first one counts.
    const applied = deliveries.filter((d) => fresh.delete(d.deliveryId));
    const recorded = await applyReportedMoves(
      trx,
      boardId,
      applied.map((d) => d.move),
      now,
    );
    const outcomes = new Map(
      applied.map((d, i) => [d, recorded[i] ? 'recorded' : 'already recorded'] as const),
    );
    return deliveries.map((d) => outcomes.get(d) ?? 'duplicate');
  });
}

/** Whether each move was recorded (not known already), applied as if one after the other. */
async function applyReportedMoves(trx: Db, boardId: string, moves: Move[], now: number): Promise<boolean[]> {
  if (moves.length === 0) return [];
  // First: taking the counter locks the board row, so deliveries of moves of the same board (on any
  // replica) read the item's stored column one after the other, never both before either writes. The
  // data version goes up with it: a delivery that changes nothing (a late move recorded already) is rare.
  const seq = await takeItemSeq(trx, boardId, { bumpVersion: true });
  const stored = await loadStoredItems(trx, boardId, [...new Set(moves.map((m) => m.itemId))]);
  const plan = planReportedMoves(stored, moves);
  const candidates = plan.candidates.filter((c) => c !== null);
  // A late move relinks the move after it before the moves delivered after it are checked and stored, as
  // if recorded one after the other: those see the relinked chain, and it does not see them.
  const accepted = new Set<Move>();
  let start = 0;
  for (const [i, move] of candidates.entries()) {
    if (!plan.late.has(move) && i < candidates.length - 1) continue;
    for (const inserted of await insertNewMoves(trx, boardId, candidates.slice(start, i + 1), now)) {
      accepted.add(inserted);
    }
    if (plan.late.has(move) && accepted.has(move)) await relinkNextMove(trx, boardId, move);
    start = i + 1;
  }
  if (plan.newItems.length > 0) await insertBareItems(trx, boardId, plan.newItems, now, seq);
  await applyItemStates(trx, boardId, plan.states, now, seq);
  // A late move goes in time order and leaves the column alone; where the chain then ends elsewhere than
  // the item stands (the move into its column was taken for a copy), the missing move is recorded.
  await reconcileChains(
    trx,
    boardId,
    moves.map((m) => m.itemId),
    'webhook',
    now,
  );
  return plan.candidates.map((c) => c !== null && accepted.has(c));
}

/** Rows for items known only from a webhook: the next listing fills in their title and the rest. */
async function insertBareItems(trx: Db, boardId: string, itemIds: string[], now: number, seq: number) {
  await trx
    .insertInto('items')
    .values(
      itemIds.map((itemId) => ({
        board_id: boardId,
        item_id: itemId,
        number: null,
        title: '',
        url: null,
        content_type: 'Unknown',
        milestone: null,
        labels: '[]',
        column_name: null,
        entered_column_at: null,
        removed_at: null,
        updated_at: now,
        change_seq: seq,
      })),
    )
    .execute();
}

/**
 * Records what a poll saw: metadata, moves and current columns, in one transaction. `listedAtSeq`: the
 * board's item_seq read before the listing; items changed since (a webhook stored while the listing ran)
 * keep their stored column, since the listing may have been read before that change.
 */
export async function recordObservation(
  db: Db,
  params: {
    boardId: string;
    addedAt: number;
    observed: ObservedItem[];
    initial: boolean;
    complete: boolean;
    now: number;
    listedAtSeq?: number;
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const seq = await takeItemSeq(trx, params.boardId);
    // A partial (incremental) listing speaks only for the items it lists: only those are read.
    const listed = params.complete ? undefined : params.observed.map((i) => i.itemId);
    const stored = await loadStoredItems(trx, params.boardId, listed);
    const recordedSince =
      params.listedAtSeq === undefined
        ? undefined
        : await itemsChangedSince(trx, params.boardId, params.listedAtSeq);
    const plan = planSync({ ...params, notBefore: params.addedAt, stored, recordedSince, source: 'poll' });
    const changed = await upsertItemMetadata(trx, params.boardId, params.observed, params.now, seq, stored);
    const inserted = await insertMoves(trx, params.boardId, plan.moves, params.now);
    await applyItemStates(trx, params.boardId, plan.states, params.now, seq);
    // The log ends where GitHub shows each listed item (a full listing: every item of the board).
    const healed = await reconcileChains(trx, params.boardId, listed, 'poll', params.now);
    // New or changed items (a renamed issue) too: loaded boards read only those.
    if (plan.moves.length > 0 || plan.states.length > 0 || changed > 0 || healed > 0)
      await bumpVersion(trx, params.boardId);
    return inserted + healed;
  });
}
