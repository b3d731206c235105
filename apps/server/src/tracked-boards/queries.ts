import type { RawBuilder } from 'kysely';
import { renamedColumn } from '../boards/columns.ts';
import { deleteUntrackedBoard, passCollectorOn, passSettingsOn } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';
import type { Board } from '../db/schema.ts';
import { renameInClassification } from './classification.ts';

/** The board's GitHub Iteration field, as board_iteration_fields holds it (null: none, or not read yet). */
export type IterationFieldColumns = {
  iteration_field_name: string | null;
  /** JSON text of its iterations (iterations/queries.ts). */
  iteration_list: string | null;
};

export type TrackedRow = Board &
  IterationFieldColumns & {
    /** The length the user typed: the fallback for a board without an Iteration field. */
    iteration_length_days: number | null;
    cycle_time_start_column: string | null;
    /** JSON text of the user's classification (tracked-boards/classification.ts); null: automatic. */
    column_classification: string | null;
  };

/** The demo board as a user sees it without tracking it: no settings of their own. */
export const untrackedDemo = (demo: Board & IterationFieldColumns): TrackedRow => ({
  ...demo,
  iteration_length_days: null,
  cycle_time_start_column: null,
  column_classification: null,
});

/** The boards a user tracks, plus the demo board unless the user removed it from their list. */
export async function listVisibleBoards(db: Db, userId: string, demoHidden: boolean): Promise<TrackedRow[]> {
  const tracked = await db
    .selectFrom('boards')
    .innerJoin('tracked_projects', 'tracked_projects.board_id', 'boards.id')
    .leftJoin('board_iteration_fields as pf', 'pf.board_id', 'boards.id')
    .selectAll('boards')
    .select([
      'pf.iteration_field_name',
      'pf.iterations as iteration_list',
      'tracked_projects.iteration_length_days',
      'tracked_projects.cycle_time_start_column',
      'tracked_projects.column_classification',
    ])
    .where('tracked_projects.user_id', '=', userId)
    .orderBy('tracked_projects.added_at')
    .execute();
  if (demoHidden || tracked.some((b) => b.is_demo === 1)) return tracked;
  const demo = await findDemoBoard(db);
  if (!demo) return tracked;
  return [untrackedDemo(demo), ...tracked];
}

/** A board as one user sees it, or undefined when it is neither theirs nor the visible demo. */
export async function findVisibleBoard(
  db: Db,
  userId: string,
  demoHidden: boolean,
  githubProjectId: string,
): Promise<TrackedRow | undefined> {
  const boards = await listVisibleBoards(db, userId, demoHidden);
  return boards.find((b) => b.github_project_id === githubProjectId);
}

export async function findDemoBoard(db: Db): Promise<(Board & IterationFieldColumns) | undefined> {
  return db
    .selectFrom('boards')
    .leftJoin('board_iteration_fields as pf', 'pf.board_id', 'boards.id')
    .selectAll('boards')
    .select(['pf.iteration_field_name', 'pf.iterations as iteration_list'])
    .where('is_demo', '=', 1)
    .executeTakeFirst();
}

/** Whether the demo board's items carry their types and parents (stored since issue 36). */
export async function demoHasRelations(db: Db, boardId: string): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select('item_id')
    .where('board_id', '=', boardId)
    .where('relations', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findBoardByGithubId(db: Db, githubProjectId: string): Promise<Board | undefined> {
  return db
    .selectFrom('boards')
    .selectAll()
    .where('github_project_id', '=', githubProjectId)
    .executeTakeFirst();
}

export async function upsertTracking(
  db: Db,
  row: {
    userId: string;
    boardId: string;
    iterationLengthDays: number;
    cycleStart: string | null;
    /** JSON text, null for automatic; undefined keeps what an existing registration has. */
    classification: string | null | undefined;
    now: number;
  },
): Promise<void> {
  const settings = {
    iteration_length_days: row.iterationLengthDays,
    cycle_time_start_column: row.cycleStart,
    ...(row.classification === undefined ? {} : { column_classification: row.classification }),
  };
  await db
    .insertInto('tracked_projects')
    .values({ user_id: row.userId, board_id: row.boardId, added_at: row.now, ...settings })
    .onConflict((oc) => oc.columns(['user_id', 'board_id']).doUpdateSet(settings))
    .execute();
}

/** Every tracker's cycle-start column and column classification back to automatic (the columns changed). */
export async function resetColumnSettings(db: Db, boardId: string): Promise<void> {
  await db
    .updateTable('tracked_projects')
    .set({ cycle_time_start_column: null, column_classification: null })
    .where('board_id', '=', boardId)
    .execute();
}

/** The GitHub logins of the users who set these boards' shared settings, by user id. */
export async function settingsOwnerLogins(
  db: Db,
  boards: readonly Pick<Board, 'settings_user_id'>[],
): Promise<Map<string, string>> {
  const ids = [...new Set(boards.flatMap((b) => (b.settings_user_id === null ? [] : [b.settings_user_id])))];
  if (ids.length === 0) return new Map();
  const users = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(users.map((u) => [u.id, u.username]));
}

/** Whether anyone besides this user tracks the board (its history then outlives this user's tracking). */
export async function trackedByOthers(db: Db, boardId: string, userId: string): Promise<boolean> {
  const other = await db
    .selectFrom('tracked_projects')
    .select('user_id')
    .where('board_id', '=', boardId)
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  return other !== undefined;
}

/** What else goes when a user stops tracking a board, in the same transaction (their share links). */
export type OnUntrack = (trx: Db, userId: string, boardId: string, now: number) => Promise<void>;

/**
 * Stops a user's tracking; a board nobody tracks any more is deleted with its recorded history. When the
 * user set the board's shared settings, the longest-standing remaining tracker sets them from now on.
 */
export async function deleteTracking(
  db: Db,
  userId: string,
  boardId: string,
  now: number,
  onUntrack?: OnUntrack,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('tracked_projects')
      .where('user_id', '=', userId)
      .where('board_id', '=', boardId)
      .execute();
    await onUntrack?.(trx, userId, boardId, now);
    const others = await trx
      .selectFrom('tracked_projects')
      .select('user_id')
      .where('board_id', '=', boardId)
      .executeTakeFirst();
    if (!others) return deleteUntrackedBoard(trx, boardId);
    await passSettingsOn(trx, boardId, userId);
    await passCollectorOn(trx, userId, boardId);
  });
}

/** Every tracker's cycle start and column classification of a board follow renamed columns (old → new). */
export async function renameTrackedColumns(
  db: Db,
  boardId: string,
  renames: ReadonlyMap<string, string>,
): Promise<void> {
  await db
    .updateTable('tracked_projects')
    .set({
      cycle_time_start_column: renamedColumn(renames, 'cycle_time_start_column') as RawBuilder<string | null>,
    })
    .where('board_id', '=', boardId)
    .where('cycle_time_start_column', 'in', [...renames.keys()])
    .execute();
  const rows = await db
    .selectFrom('tracked_projects')
    .select(['user_id', 'column_classification'])
    .where('board_id', '=', boardId)
    .where('column_classification', 'is not', null)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('tracked_projects')
      .set({ column_classification: renameInClassification(row.column_classification as string, renames) })
      .where('board_id', '=', boardId)
      .where('user_id', '=', row.user_id)
      .execute();
  }
}
