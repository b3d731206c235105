import { type Insertable, sql } from 'kysely';
import { renamedColumn } from '../boards/columns.ts';
import type { Db } from '../db/connection.ts';
import type { ItemsTable, TransitionsTable } from '../db/schema.ts';
import type { ItemMetadata, ItemState, Move, StoredItem } from './moves.ts';
import { datedWhenLooked, newMoves, type RecordedMove, SAME_MOVE_WINDOW_MS } from './same-move.ts';
import { markMovesRewritten } from './segments.ts';
import { insertLabelChanges, labelDiff, labelsOfFingerprint } from './label-changes.ts';

/**
 * The write side of the move log: every write of `transitions` and `items` (the collector's recordings,
 * the webhook path's, backfills, column renames, the demo board's history). Segments and snapshots are
 * written by `segments.ts` and `item-snapshots.ts`.
 */

const METADATA = [
  'number',
  'title',
  'url',
  'content_type',
  'milestone',
  'labels',
  'assignees',
  'content_id',
  'relations',
] as const;

/** Metadata a write may not report (a webhook, a host without them): null keeps what is stored. */
const KEPT_WHEN_UNREPORTED = new Set<(typeof METADATA)[number]>(['assignees', 'content_id', 'relations']);

/** The board's stored items, or only those of `itemIds` (one query per thousand). */
export async function loadStoredItems(
  db: Db,
  boardId: string,
  itemIds?: readonly string[],
): Promise<Map<string, StoredItem>> {
  const query = db
    .selectFrom('items')
    .select(['item_id', 'column_name', 'entered_column_at', 'removed_at', 'archived_at', ...METADATA])
    .where('board_id', '=', boardId);
  const rows = itemIds ? [] : await query.execute();
  for (const chunk of chunks(itemIds ?? [])) {
    for (const row of await query.where('item_id', 'in', chunk).execute()) rows.push(row);
  }
  return new Map(
    rows.map((r) => [
      r.item_id,
      {
        itemId: r.item_id,
        column: r.column_name,
        enteredColumnAt: r.entered_column_at,
        removedAt: r.removed_at,
        archivedAt: r.archived_at,
        metadata: fingerprint(r),
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

/** Rows a statement carries at most: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 1000;

function chunks<T>(rows: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function metadataOf(item: ItemMetadata) {
  return {
    number: item.number,
    title: item.title,
    url: item.url,
    content_type: item.contentType,
    milestone: item.milestone,
    labels: JSON.stringify(item.labels),
    // Null: not reported (a webhook); the stored assignees stay.
    assignees: item.assignees ? JSON.stringify(item.assignees) : null,
    content_id: item.contentId ?? null,
    relations: item.relations ? JSON.stringify(item.relations) : null,
  };
}

/** The reported value, else the stored one. */
const kept = (column: string) =>
  sql<string | null>`COALESCE(${sql.ref(`excluded.${column}`)}, ${sql.ref(`items.${column}`)})`;

/** The stored metadata in a comparable form (StoredItem.metadata). */
function fingerprint(m: Record<(typeof METADATA)[number], unknown>): string {
  return JSON.stringify(METADATA.map((c) => m[c]));
}

/**
 * Keeps issue metadata (title, labels, milestone…) current without touching the column. Items whose
 * metadata is as `stored` (a full listing sees every item) are not sent; the rest go in multi-row upserts,
 * which leave rows whose metadata is unchanged unwritten. Returns how many items were added or changed.
 */
export async function upsertItemMetadata<Item extends ItemMetadata>(
  db: Db,
  boardId: string,
  items: Item[],
  now: number,
  seq: number,
  stored?: ReadonlyMap<string, StoredItem>,
): Promise<number> {
  // One row per item (the last seen wins): one statement may not upsert a row twice.
  const rows = new Map<string, ReturnType<typeof metadataOf>>();
  for (const item of items) {
    const metadata = metadataOf(item);
    if (stored?.get(item.itemId)?.metadata === fingerprint(metadata)) continue;
    rows.set(item.itemId, metadata);
  }
  let changed = 0;
  for (const chunk of chunks([...rows])) {
    const result = await db
      .insertInto('items')
      .values(
        chunk.map(([itemId, metadata]) => ({
          board_id: boardId,
          item_id: itemId,
          ...metadata,
          updated_at: now,
          change_seq: seq,
          column_name: null,
          entered_column_at: null,
          removed_at: null,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['board_id', 'item_id'])
          .doUpdateSet((eb) => ({
            number: eb.ref('excluded.number'),
            title: eb.ref('excluded.title'),
            url: eb.ref('excluded.url'),
            content_type: eb.ref('excluded.content_type'),
            milestone: eb.ref('excluded.milestone'),
            labels: eb.ref('excluded.labels'),
            assignees: kept('assignees'),
            content_id: kept('content_id'),
            relations: kept('relations'),
            updated_at: eb.ref('excluded.updated_at'),
            change_seq: eb.ref('excluded.change_seq'),
          }))
          .where((eb) =>
            eb.or(
              METADATA.map((c) =>
                KEPT_WHEN_UNREPORTED.has(c)
                  ? sql<boolean>`${kept(c)} IS DISTINCT FROM ${sql.ref(`items.${c}`)}`
                  : sql<boolean>`${sql.ref(`items.${c}`)} IS DISTINCT FROM ${sql.ref(`excluded.${c}`)}`,
              ),
            ),
          ),
      )
      .executeTakeFirst();
    changed += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  await recordLabelHistory(db, boardId, items, rows, now, stored);
  return changed;
}

/**
 * The labels each listed item gained or lost since the stored metadata (docs/metrics.md, "Blocked time"),
 * dated now; an item seen for the first time gains all its labels now. Only with the stored items at hand
 * (a listing), since a write without them cannot tell what changed.
 */
async function recordLabelHistory(
  db: Db,
  boardId: string,
  items: readonly ItemMetadata[],
  changedRows: ReadonlyMap<string, unknown>,
  now: number,
  stored?: ReadonlyMap<string, StoredItem>,
): Promise<void> {
  if (!stored || changedRows.size === 0) return;
  const labelsAt = METADATA.indexOf('labels');
  const changes = items.flatMap((item) => {
    if (!changedRows.has(item.itemId)) return [];
    const { added, removed } = labelDiff(
      labelsOfFingerprint(stored.get(item.itemId)?.metadata, labelsAt),
      item.labels,
    );
    return [
      ...added.map((label) => ({ itemId: item.itemId, label, added: true, at: now })),
      ...removed.map((label) => ({ itemId: item.itemId, label, added: false, at: now })),
    ];
  });
  if (changes.length > 0) await insertLabelChanges(db, boardId, changes, 'poll', now);
}

/** `CASE item_id WHEN … THEN … END`: one value per item in one UPDATE. */
function perItem(states: ItemState[], value: (state: ItemState) => string | number | null) {
  const whens = states.map((s) => sql`WHEN ${s.itemId} THEN ${value(s)}`);
  return sql<string | number | null>`CASE item_id ${sql.join(whens, sql` `)} END`;
}

/** Sets the items' current columns, a few hundred items a statement. */
export async function applyItemStates(
  db: Db,
  boardId: string,
  states: ItemState[],
  now: number,
  seq: number,
): Promise<void> {
  // A CASE takes an item's first value: the last state of an item wins, as when applied one by one.
  const latest = [...new Map(states.map((s) => [s.itemId, s])).values()];
  for (const chunk of chunks(latest, ROWS_PER_STATEMENT / 4)) {
    await db
      .updateTable('items')
      .set({
        column_name: sql<string | null>`${perItem(chunk, (s) => s.column)}`,
        // PostgreSQL types untyped parameters in a CASE as text.
        entered_column_at: sql<number | null>`CAST(${perItem(chunk, (s) => s.enteredColumnAt)} AS bigint)`,
        removed_at: sql<number | null>`CAST(${perItem(chunk, (s) => (s.removed ? now : null))} AS bigint)`,
        archived_at: sql<number | null>`CAST(${perItem(chunk, (s) => (s.archived ? now : null))} AS bigint)`,
        updated_at: now,
        change_seq: seq,
      })
      .where('board_id', '=', boardId)
      .where(
        'item_id',
        'in',
        chunk.map((s) => s.itemId),
      )
      .execute();
  }
}

/**
 * Stores as archived items already off the board: a webhook's `archived` moved them off without saying so
 * before 1b7aae4, and a listing that finds them off the board has no move to write.
 */
export async function markArchived(
  db: Db,
  boardId: string,
  itemIds: readonly string[],
  now: number,
  seq: number,
) {
  for (const chunk of chunks(itemIds)) {
    await db
      .updateTable('items')
      .set({ archived_at: now, updated_at: now, change_seq: seq })
      .where('board_id', '=', boardId)
      .where('item_id', 'in', chunk)
      .where('archived_at', 'is', null)
      .execute();
  }
}

/** The recorded moves of these items near the moves' times (what `hasSameMove` needs), one query a chunk. */
async function recordedNear(db: Db, boardId: string, moves: Move[]): Promise<Map<string, RecordedMove[]>> {
  const recorded = new Map<string, RecordedMove[]>();
  const checked = moves.filter((m) => m.source !== 'snapshot');
  if (checked.length === 0) return recorded;
  // A loop, not Math.min(...times): a backfill passes more moves than a call takes arguments.
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const move of checked) {
    from = Math.min(from, move.at - SAME_MOVE_WINDOW_MS);
    to = Math.max(to, move.at + SAME_MOVE_WINDOW_MS);
  }
  for (const itemIds of chunks([...new Set(checked.map((m) => m.itemId))])) {
    const rows = await db
      .selectFrom('transitions')
      .select(['id', 'item_id', 'from_column', 'to_column', 'at', 'source', 'recorded_at'])
      .where('board_id', '=', boardId)
      .where('item_id', 'in', itemIds)
      .where('at', '>=', from)
      .where('at', '<=', to)
      .execute();
    for (const r of rows) {
      const history = recorded.get(r.item_id) ?? [];
      const at = Number(r.at);
      const looked = datedWhenLooked({ source: r.source, at }, Number(r.recorded_at));
      history.push({ id: Number(r.id), from: r.from_column, to: r.to_column, at, source: r.source, looked });
      recorded.set(r.item_id, history);
    }
  }
  return recorded;
}

/**
 * Appends moves; each move is stored once, however many times and by however many paths it arrives
 * (`hasSameMove`). One lookup and one multi-row insert per thousand moves. Returns how many were stored.
 */
export async function insertMoves(db: Db, boardId: string, moves: Move[], now: number): Promise<number> {
  return (await insertNewMoves(db, boardId, moves, now)).length;
}

/** A move as its `transitions` row, recorded now. */
function transitionRow(boardId: string, move: Move, now: number) {
  return {
    board_id: boardId,
    item_id: move.itemId,
    from_column: move.from,
    to_column: move.to,
    at: move.at,
    source: move.source,
    recorded_at: now,
    basis: move.basis ?? null,
  };
}

/** `insertMoves`, returning the moves stored (the objects passed in). */
export async function insertNewMoves(db: Db, boardId: string, moves: Move[], now: number): Promise<Move[]> {
  const accepted = newMoves(moves, await recordedNear(db, boardId, moves), now);
  for (const chunk of chunks(accepted)) {
    await db
      .insertInto('transitions')
      .values(chunk.map((move) => transitionRow(boardId, move, now)))
      .execute();
  }
  return accepted;
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

/**
 * Keeps each item's chain of moves ending where the item stands (items.column_name, which every poll
 * sets to GitHub's column): where the last move of an item, in time order, leaves it elsewhere, the move
 * the log lacks is recorded, into the current column when the item entered it. Why a move and not an
 * edit of the last one: a recorded move happened (GitHub or a poll said so); what the log lacks is the
 * move after it, which the item's current column proves and its entered-column time dates. So the log
 * stays a list of things seen, in time order, and analyses read the column GitHub shows. It happens when
 * a move was taken for a copy of another (one path's stamp too far from another's) or was lost before
 * late webhooks were told from copies (same-move.ts); a full listing (`itemIds` absent) heals every item of
 * the board. Returns how many moves were recorded.
 */
export async function reconcileChains(
  db: Db,
  boardId: string,
  itemIds: readonly string[] | undefined,
  source: 'poll' | 'webhook',
  now: number,
): Promise<number> {
  const missing: Move[] = [];
  for (const chunk of itemIds ? chunks([...new Set(itemIds)]) : [undefined]) {
    if (chunk?.length === 0) continue;
    const only = chunk ? sql`AND item_id IN (${sql.join(chunk)})` : sql``;
    const last = await sql<{ item_id: string; to_column: string | null; at: number | string }>`
      SELECT item_id, to_column, at FROM (
        SELECT item_id, to_column, at,
          ROW_NUMBER() OVER (PARTITION BY item_id ORDER BY at DESC, id DESC) AS n
        FROM transitions WHERE board_id = ${boardId} ${only}
      ) ranked WHERE n = 1`.execute(db);
    const lastMove = new Map(last.rows.map((r) => [r.item_id, { to: r.to_column, at: Number(r.at) }]));
    let items = db
      .selectFrom('items')
      .select(['item_id', 'column_name', 'entered_column_at', 'removed_at'])
      .where('board_id', '=', boardId);
    if (chunk) items = items.where('item_id', 'in', chunk);
    for (const item of await items.execute()) {
      const column = item.removed_at === null ? item.column_name : null;
      const logged = lastMove.get(item.item_id);
      if ((logged?.to ?? null) === column) continue;
      // Off the board without ever being seen leaving it (an item known only by its metadata): nothing.
      const since = column === null ? item.removed_at : item.entered_column_at;
      if (since === null) continue;
      const at = Math.max(Number(since), logged?.at ?? Number.NEGATIVE_INFINITY);
      missing.push({ itemId: item.item_id, from: logged?.to ?? null, to: column, at, source });
    }
  }
  let recorded = 0;
  for (const chunk of chunks(missing)) {
    const result = await db
      .insertInto('transitions')
      .values(chunk.map((move) => transitionRow(boardId, move, now)))
      // The same column at the same time recorded already (among moves stamped with one second).
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    recorded += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return recorded;
}

/** Rows for items known only from a webhook: the next listing fills in their title and the rest. */
export async function insertBareItems(trx: Db, boardId: string, itemIds: string[], now: number, seq: number) {
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
 * Drops the board's snapshot entries that placed an item in the column its backfilled history (`moves`)
 * already ends in: redundant, they would split one stay in two. Any other snapshot stays. Call it in the
 * transaction that stores the backfilled moves.
 */
export async function dropSnapshotsBackfilled(
  trx: Db,
  boardId: string,
  moves: readonly Move[],
): Promise<void> {
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
  if (redundant.length > 0) {
    await markMovesRewritten(
      trx,
      boardId,
      redundant.reduce((min, id) => Math.min(min, id), Infinity),
    );
  }
}

/**
 * The board's recorded moves and items take the renamed columns' new names (old → new). Call it in the
 * transaction that renames them everywhere, which ends with `markMovesRewritten` (loaded boards read the
 * moves again).
 */
export async function renameLoggedColumns(
  trx: Db,
  boardId: string,
  renames: ReadonlyMap<string, string>,
): Promise<void> {
  const olds = [...renames.keys()];
  await trx
    .updateTable('transitions')
    .set({
      from_column: renamedColumn(renames, 'from_column'),
      to_column: renamedColumn(renames, 'to_column'),
    })
    .where('board_id', '=', boardId)
    .where((eb) => eb.or([eb('from_column', 'in', olds), eb('to_column', 'in', olds)]))
    .execute();
  await trx
    .updateTable('items')
    .set({ column_name: renamedColumn(renames, 'column_name') })
    .where('board_id', '=', boardId)
    .where('column_name', 'in', olds)
    .execute();
}

/**
 * Marks each item's history partial before its instant (docs/metrics.md, "Partial histories"), 500 items
 * a statement, and makes loaded boards read the moves again.
 */
export async function markPartialHistories(
  trx: Db,
  boardId: string,
  partial: ReadonlyMap<string, number>,
): Promise<void> {
  const entries = [...partial];
  for (let i = 0; i < entries.length; i += 500) {
    const batch = entries.slice(i, i + 500);
    await trx
      .updateTable('items')
      .set({
        history_partial_before: sql<number>`CASE item_id ${sql.join(
          batch.map(([itemId, at]) => sql`WHEN ${itemId} THEN CAST(${at} AS BIGINT)`),
          sql` `,
        )} END`,
      })
      .where('board_id', '=', boardId)
      .where(
        'item_id',
        'in',
        batch.map(([itemId]) => itemId),
      )
      .execute();
  }
  if (entries.length > 0) await markMovesRewritten(trx, boardId);
}

/** Forgets the board's recorded moves and items (the demo board's history is about to be regenerated). */
export async function forgetHistory(trx: Db, boardId: string): Promise<void> {
  await trx.deleteFrom('transitions').where('board_id', '=', boardId).execute();
  await markMovesRewritten(trx, boardId);
  await trx.deleteFrom('items').where('board_id', '=', boardId).execute();
}

/** Stores a whole history as it is (the demo board's): items and moves, `batch` rows a statement. */
export async function insertHistory(
  db: Db,
  history: { items: Insertable<ItemsTable>[]; moves: Insertable<TransitionsTable>[] },
  batch: number,
): Promise<void> {
  for (let i = 0; i < history.items.length; i += batch)
    await db
      .insertInto('items')
      .values(history.items.slice(i, i + batch))
      .execute();
  for (let i = 0; i < history.moves.length; i += batch) {
    await db
      .insertInto('transitions')
      .values(history.moves.slice(i, i + batch))
      .execute();
  }
}
