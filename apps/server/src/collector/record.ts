import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { type ItemState, planSync } from './diff.ts';
import type { Move, ObservedItem } from './observation.ts';
import {
  applyItemStates,
  insertMoves,
  itemsChangedSince,
  loadStoredItems,
  relinkNextMove,
  takeItemSeq,
  upsertItemMetadata,
} from './queries.ts';

/** Marks a webhook delivery processed; false if it was already. */
export async function markDelivery(db: Db, deliveryId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('webhook_deliveries')
    .values({ delivery_id: deliveryId, received_at: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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
  return db.transaction().execute((trx) => applyReportedMove(trx, boardId, move, now));
}

export type DeliveredMoveOutcome = 'recorded' | 'already recorded' | 'duplicate';

/**
 * `recordReportedMove` for webhook delivery `deliveryId`, marked in the same transaction: a delivery seen
 * before records nothing, and one whose move could not be stored leaves no mark (GitHub delivers it again).
 */
export async function recordDeliveredMove(
  db: Db,
  boardId: string,
  move: Move,
  now: number,
  deliveryId: string,
): Promise<DeliveredMoveOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await markDelivery(trx, deliveryId, now))) return 'duplicate';
    return (await applyReportedMove(trx, boardId, move, now)) ? 'recorded' : 'already recorded';
  });
}

async function applyReportedMove(trx: Db, boardId: string, move: Move, now: number): Promise<boolean> {
  // First: taking the counter locks the board row, so deliveries of moves of the same board (on any
  // replica) read the item's stored column one after the other, never both before either writes. The
  // data version goes up with it: a delivery that changes nothing (a late move recorded already) is rare.
  const seq = await takeItemSeq(trx, boardId, { bumpVersion: true });
  const stored = await trx
    .selectFrom('items')
    .select(['column_name', 'entered_column_at', 'removed_at'])
    .where('board_id', '=', boardId)
    .where('item_id', '=', move.itemId)
    .executeTakeFirst();
  const current = stored && stored.removed_at === null ? stored.column_name : null;
  const from = move.from ?? current;
  if (move.to === null && from === null) return false;
  const inserted = await insertMoves(trx, boardId, [{ ...move, from }], now);
  if (!stored) {
    await trx
      .insertInto('items')
      .values({
        board_id: boardId,
        item_id: move.itemId,
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
      })
      .execute();
  }
  const isLatest = !stored || stored.entered_column_at === null || move.at >= stored.entered_column_at;
  if (inserted > 0 && !isLatest) await relinkNextMove(trx, boardId, { ...move, from });
  if (isLatest) {
    const state: ItemState = {
      itemId: move.itemId,
      column: move.to,
      enteredColumnAt: move.to === null ? null : move.at,
      removed: move.to === null,
    };
    await applyItemStates(trx, boardId, [state], now, seq);
  }
  return inserted > 0;
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
    // New or changed items (a renamed issue) too: loaded boards read only those.
    if (plan.moves.length > 0 || plan.states.length > 0 || changed > 0)
      await bumpVersion(trx, params.boardId);
    return inserted;
  });
}
