import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { BoardChanges } from './changes.ts';
import type { BoardsTable } from '../db/schema.ts';

/**
 * Every write of the `boards` table outside the collector's leases (`leases.ts`): the board row, its
 * settings, its versions and its counters. Other folders read boards freely, and write them only here.
 */

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

/**
 * Holds the board row (PostgreSQL) or the write lock (SQLite) for the rest of the transaction, if the
 * board's moves were not rewritten since `rewriteVersion`: a conditional no-op UPDATE. False: they were.
 */
export async function holdRewriteVersion(db: Db, boardId: string, rewriteVersion: number): Promise<boolean> {
  const locked = await db
    .updateTable('boards')
    .set({ rewrite_version: sql`rewrite_version` })
    .where('id', '=', boardId)
    .where('rewrite_version', '=', rewriteVersion)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) === 1;
}

/** The board's recorded moves were changed or deleted: loaded boards read them again. */
export async function bumpRewriteVersion(db: Db, boardId: string): Promise<void> {
  await db
    .updateTable('boards')
    .set((eb) => ({ rewrite_version: eb('rewrite_version', '+', 1) }))
    .where('id', '=', boardId)
    .execute();
}

/** Why a board's past moves could not be imported (boards.backfill_skipped). */
export type BackfillSkipped = 'no_timeline_events';

/** The import of past moves is done: `skipped` says why it imported none (shown to the board's users). */
export async function markBackfilled(
  db: Db,
  boardId: string,
  now: number,
  how: { skipped?: BackfillSkipped; history?: { items: number; partial: number; estimated: number } } = {},
): Promise<void> {
  await db
    .updateTable('boards')
    .set({
      backfilled_at: now,
      ...(how.skipped ? { backfill_skipped: how.skipped } : {}),
      ...(how.history
        ? {
            history_items: how.history.items,
            history_partial_items: how.history.partial,
            history_estimated_items: how.history.estimated,
          }
        : {}),
    })
    .where('id', '=', boardId)
    .execute();
}

/**
 * `items` more items whose history before recording is partial (seen first after the import: their
 * repository was unreadable until now): the board's history counts grow with them, so "History imported
 * for 12 items" follows what the analyses count (docs/metrics.md §16). Nothing before the import is done.
 */
export async function addHistoryCoverage(db: Db, boardId: string, items: number): Promise<void> {
  await db
    .updateTable('boards')
    .set((eb) => ({
      history_items: eb('history_items', '+', items),
      history_partial_items: eb(eb.fn.coalesce('history_partial_items', eb.val(0)), '+', items),
    }))
    .where('id', '=', boardId)
    .where('history_items', 'is not', null)
    .execute();
}

/** The board's Status columns took new names: its column list and options. */
export async function renameBoardColumns(
  changes: BoardChanges,
  columns: { columnList: string; columnOptions: string },
): Promise<void> {
  await changes.db
    .updateTable('boards')
    .set({ column_options: columns.columnOptions, column_list: columns.columnList })
    .where('id', '=', changes.boardId)
    .execute();
  changes.wrote();
}

/** Another user's token reads the board from now on. */
export async function setCollectorUser(db: Db, boardId: string, userId: string): Promise<void> {
  await db.updateTable('boards').set({ collector_user_id: userId }).where('id', '=', boardId).execute();
}

/**
 * A webhook told of a change the collector must read: the board is due now, and listed even where its
 * updatedAt did not move (the one kept to compare with is forgotten); `full`: the next sync is a full one.
 * A board backing off from errors keeps its schedule (false): a webhook must not hammer a failing GitHub;
 * what was asked (the updatedAt forgotten, a full listing) still stands for the sync after the backoff.
 */
export async function scheduleResync(db: Db, boardId: string, now: number, full: boolean): Promise<boolean> {
  const asked = { github_updated_at: null, ...(full ? { last_full_sync_at: null } : {}) };
  const result = await db
    .updateTable('boards')
    .set({ ...asked, next_sync_at: now })
    .where('id', '=', boardId)
    .where('sync_error_count', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  await db.updateTable('boards').set(asked).where('id', '=', boardId).execute();
  return false;
}

/** Adds a board, unless one with its GitHub id exists already (added meanwhile by another request). */
export async function insertBoard(db: Db, board: Insertable<BoardsTable>): Promise<void> {
  await db
    .insertInto('boards')
    .values(board)
    .onConflict((oc) => oc.column('github_project_id').doNothing())
    .execute();
}

/** What a tracker's registration refreshes of a board as GitHub has it now. */
export async function refreshBoard(
  db: Db,
  boardId: string,
  values: Pick<
    Insertable<BoardsTable>,
    | 'title'
    | 'column_list'
    | 'column_options'
    | 'collector_user_id'
    | 'settings_user_id'
    | 'workflow_field_id'
    | 'workflow_field_name'
  >,
): Promise<void> {
  await db.updateTable('boards').set(values).where('id', '=', boardId).execute();
}

/** The demo board's row: added, or brought up to a regenerated history. */
export async function saveDemoBoard(
  changes: BoardChanges,
  values: Pick<
    Insertable<BoardsTable>,
    | 'sync_status'
    | 'github_project_id'
    | 'owner_login'
    | 'owner_type'
    | 'number'
    | 'title'
    | 'column_list'
    | 'added_at'
    | 'next_sync_at'
    | 'last_synced_at'
  >,
  exists: boolean,
): Promise<void> {
  const { db, boardId } = changes;
  changes.wrote();
  if (exists) {
    await db.updateTable('boards').set(values).where('id', '=', boardId).execute();
    return;
  }
  await db
    .insertInto('boards')
    .values({
      id: boardId,
      ...values,
      is_demo: 1,
      sync_error_count: 0,
      last_error: null,
      lease_owner: null,
      lease_until: null,
      collector_user_id: null,
    })
    .execute();
}

/**
 * What the last full listing could not read (docs/api.md, Projects): the number of items GitHub answered as
 * REDACTED and why (`reason`, null when there are none). Not board data: the analyses' caches stay valid.
 */
export async function setUnreadableItems(
  db: Db,
  boardId: string,
  count: number,
  reason: string | null,
): Promise<void> {
  await db
    .updateTable('boards')
    .set({ unreadable_items: count, unreadable_reason: count > 0 ? reason : null })
    .where('id', '=', boardId)
    .execute();
}

export async function setSyncStatus(db: Db, boardId: string, status: string): Promise<void> {
  await db.updateTable('boards').set({ sync_status: status }).where('id', '=', boardId).execute();
}

/** The board's calendar as stored (JSON text; null: the default). */
export async function setBoardCalendar(db: Db, boardId: string, calendar: string | null): Promise<void> {
  await db.updateTable('boards').set({ calendar }).where('id', '=', boardId).execute();
}

/** The board's flow policies as stored (JSON text; null: the defaults). Not board data: the analyses' keys hold them. */
export async function setFlowPolicies(db: Db, boardId: string, policies: string | null): Promise<void> {
  await db.updateTable('boards').set({ flow_policies: policies }).where('id', '=', boardId).execute();
}

/** The flow policies replaced only while they are still `read` (compare-and-set): true when they were. */
export async function replaceFlowPolicies(
  db: Db,
  boardId: string,
  read: string,
  policies: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('boards')
    .set({ flow_policies: policies })
    .where('id', '=', boardId)
    .where('flow_policies', '=', read)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function setIncludeArchived(db: Db, boardId: string, include: boolean): Promise<void> {
  await db
    .updateTable('boards')
    .set({ include_archived: include ? 1 : 0 })
    .where('id', '=', boardId)
    .execute();
}

/** The board's level of work (docs/metrics.md, "Level of work"); null: automatic. */
export async function setWorkLevel(db: Db, boardId: string, level: string | null): Promise<void> {
  await db.updateTable('boards').set({ work_level: level }).where('id', '=', boardId).execute();
}

/** The board's breakdown field as stored JSON (docs/metrics.md, "Breakdown"); null: by issue type. */
export async function setBreakdownField(db: Db, boardId: string, field: string | null): Promise<void> {
  await db.updateTable('boards').set({ breakdown_field: field }).where('id', '=', boardId).execute();
}

/**
 * Stores the breakdown field as GitHub has it now (renamed, or gone) unless it changed since `read` was
 * read: a save by the team meanwhile wins.
 */
export async function replaceBreakdownField(db: Db, boardId: string, read: string, field: string) {
  await db
    .updateTable('boards')
    .set({ breakdown_field: field })
    .where('id', '=', boardId)
    .where('breakdown_field', '=', read)
    .execute();
}

/** Deletes a board nobody tracks any more, with its recorded history (the demo board stays). */
export async function deleteUntrackedBoard(db: Db, boardId: string): Promise<void> {
  await db.deleteFrom('boards').where('id', '=', boardId).where('is_demo', '=', 0).execute();
}

/**
 * When `userId` set the board's shared settings, the longest-standing remaining tracker sets them from
 * now on (call it after `userId`'s tracking is gone).
 */
export async function passSettingsOn(db: Db, boardId: string, userId: string): Promise<void> {
  const successor = db
    .selectFrom('tracked_projects')
    .select('user_id')
    .where('board_id', '=', boardId)
    .orderBy('added_at')
    .orderBy('user_id')
    .limit(1);
  await db
    .updateTable('boards')
    .set({ settings_user_id: successor })
    .where('id', '=', boardId)
    .where('settings_user_id', '=', userId)
    .execute();
}

/**
 * The boards `userId`'s token read (they stopped tracking it, or their account is deleted): the
 * longest-standing remaining tracker's token reads them from now on; nobody left, none (call it after
 * `userId`'s tracking is gone). `boardId` narrows it to one board.
 */
export async function passCollectorOn(db: Db, userId: string, boardId?: string): Promise<void> {
  let query = db
    .updateTable('boards')
    .set((eb) => ({
      collector_user_id: eb
        .selectFrom('tracked_projects')
        .select('tracked_projects.user_id')
        .whereRef('tracked_projects.board_id', '=', 'boards.id')
        .orderBy('tracked_projects.added_at')
        .orderBy('tracked_projects.user_id')
        .limit(1),
    }))
    .where('collector_user_id', '=', userId);
  if (boardId !== undefined) query = query.where('id', '=', boardId);
  await query.execute();
}

/**
 * `userId` sets the board's shared settings from now on, if `previous` still did (a compare-and-set: of two
 * members taking over at once, one does).
 */
export async function claimSharedSettings(
  db: Db,
  boardId: string,
  userId: string,
  previous: string | null,
): Promise<void> {
  await db
    .updateTable('boards')
    .set({ settings_user_id: userId })
    .where('id', '=', boardId)
    .where((eb) =>
      previous === null ? eb('settings_user_id', 'is', null) : eb('settings_user_id', '=', previous),
    )
    .execute();
}
