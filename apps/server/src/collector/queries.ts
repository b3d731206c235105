import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { markMovesRewritten } from '../move-log/segments.ts';
import type { ItemState } from './diff.ts';
import type { Move, ObservedItem, StoredItem } from './observation.ts';

/** Moves that arrive by two paths (webhook and poll) can carry timestamps a little apart. */
const SAME_MOVE_WINDOW_MS = 2 * 60 * 1000;

export async function loadStoredItems(db: Db, boardId: string): Promise<Map<string, StoredItem>> {
  const rows = await db
    .selectFrom('items')
    .select(['item_id', 'column_name', 'entered_column_at', 'removed_at'])
    .where('board_id', '=', boardId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.item_id,
      {
        itemId: r.item_id,
        column: r.column_name,
        enteredColumnAt: r.entered_column_at,
        removedAt: r.removed_at,
      },
    ]),
  );
}

/** Items whose stored state changed after the board's item counter stood at `seq`. */
export async function itemsChangedSince(db: Db, boardId: string, seq: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('items')
    .select('item_id')
    .where('board_id', '=', boardId)
    .where('change_seq', '>', seq)
    .execute();
  return new Set(rows.map((r) => r.item_id));
}

/**
 * The next value of the board's item change counter, for the items this transaction changes. Taking it
 * locks the board row until commit, so the values are given out in commit order: a reader that has seen
 * value N has every change up to N (see analytics `refreshBoardItems`).
 */
export async function takeItemSeq(db: Db, boardId: string): Promise<number> {
  const row = await db
    .updateTable('boards')
    .set((eb) => ({ item_seq: eb('item_seq', '+', 1) }))
    .where('id', '=', boardId)
    .returning('item_seq')
    .executeTakeFirst();
  return Number(row?.item_seq ?? 0);
}

const METADATA = ['number', 'title', 'url', 'content_type', 'milestone', 'labels'] as const;

/**
 * Keeps issue metadata (title, labels, milestone…) current without touching the column. Rows whose
 * metadata is unchanged are not written (a full listing sees every item). Returns how many items were
 * added or changed.
 */
export async function upsertItemMetadata(
  db: Db,
  boardId: string,
  items: ObservedItem[],
  now: number,
  seq: number,
): Promise<number> {
  let changed = 0;
  for (const item of items) {
    const metadata = {
      number: item.number,
      title: item.title,
      url: item.url,
      content_type: item.contentType,
      milestone: item.milestone,
      labels: JSON.stringify(item.labels),
      updated_at: now,
      change_seq: seq,
    };
    const result = await db
      .insertInto('items')
      .values({
        board_id: boardId,
        item_id: item.itemId,
        ...metadata,
        column_name: null,
        entered_column_at: null,
        removed_at: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['board_id', 'item_id'])
          .doUpdateSet(metadata)
          .where((eb) =>
            eb.or(
              METADATA.map(
                (c) => sql<boolean>`${sql.ref(`items.${c}`)} IS DISTINCT FROM ${sql.ref(`excluded.${c}`)}`,
              ),
            ),
          ),
      )
      .executeTakeFirst();
    changed += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return changed;
}

export async function applyItemStates(
  db: Db,
  boardId: string,
  states: ItemState[],
  now: number,
  seq: number,
): Promise<void> {
  for (const state of states) {
    await db
      .updateTable('items')
      .set({
        column_name: state.column,
        entered_column_at: state.enteredColumnAt,
        removed_at: state.removed ? now : null,
        updated_at: now,
        change_seq: seq,
      })
      .where('board_id', '=', boardId)
      .where('item_id', '=', state.itemId)
      .execute();
  }
}

/** Appends moves; each move is stored once, however many times and by however many paths it arrives. */
export async function insertMoves(db: Db, boardId: string, moves: Move[], now: number): Promise<number> {
  let inserted = 0;
  for (const move of moves) {
    if (move.source !== 'snapshot' && (await hasSameMove(db, boardId, move))) continue;
    const result = await db
      .insertInto('transitions')
      .values({
        board_id: boardId,
        item_id: move.itemId,
        from_column: move.from,
        to_column: move.to,
        at: move.at,
        source: move.source,
        recorded_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/**
 * The same move already stored: same columns, within the window, and no other move of the item between
 * the two (a real A -> B, B -> A, A -> B within two minutes is three moves, not one seen twice). GitHub
 * stamps whole seconds, so moves share times: among equal times the order is the recording order (id), and
 * the move arriving now comes after every move recorded at its time.
 */
async function hasSameMove(db: Db, boardId: string, move: Move): Promise<boolean> {
  let query = db
    .selectFrom('transitions as same')
    .select('same.id')
    .where('same.board_id', '=', boardId)
    .where('same.item_id', '=', move.itemId)
    .where('same.at', '>=', move.at - SAME_MOVE_WINDOW_MS)
    .where('same.at', '<=', move.at + SAME_MOVE_WINDOW_MS)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('transitions as other')
            .select('other.id')
            .where('other.board_id', '=', boardId)
            .where('other.item_id', '=', move.itemId)
            .where((eb) => {
              const afterSame = eb.or([
                eb('other.at', '>', eb.ref('same.at')),
                eb.and([eb('other.at', '=', eb.ref('same.at')), eb('other.id', '>', eb.ref('same.id'))]),
              ]);
              const beforeSame = eb.or([
                eb('other.at', '<', eb.ref('same.at')),
                eb.and([eb('other.at', '=', eb.ref('same.at')), eb('other.id', '<', eb.ref('same.id'))]),
              ]);
              return eb.or([
                eb.and([eb('same.at', '<=', move.at), eb('other.at', '<=', move.at), afterSame]),
                eb.and([eb('same.at', '>', move.at), eb('other.at', '>', move.at), beforeSame]),
              ]);
            }),
        ),
      ),
    );
  query =
    move.to === null
      ? query.where('same.to_column', 'is', null)
      : query.where('same.to_column', '=', move.to);
  query =
    move.from === null
      ? query.where('same.from_column', 'is', null)
      : query.where('same.from_column', '=', move.from);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * A late move (A -> B at t) slots in before the item's next recorded move; when that one says it left A
 * (recorded by a poll that never saw B), it left B. Keeps each item's chain of columns unbroken.
 */
export async function relinkNextMove(db: Db, boardId: string, move: Move): Promise<void> {
  const next = await db
    .selectFrom('transitions')
    .select(['id', 'from_column', 'to_column'])
    .where('board_id', '=', boardId)
    .where('item_id', '=', move.itemId)
    .where('at', '>', move.at)
    .orderBy('at')
    .orderBy('id')
    .executeTakeFirst();
  if (!next || next.from_column !== move.from || move.from === move.to) return;
  // The same entry seen again later (a snapshot taken after a late-delivered move): no self-move.
  if (next.to_column === move.to) return;
  await db.updateTable('transitions').set({ from_column: move.to }).where('id', '=', next.id).execute();
  await markMovesRewritten(db, boardId, next.id);
}
