import type { BoardItem, Transition } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';

/**
 * A board as the flow engine takes it, and what was read to build it: the board's moves with ids up to
 * `lastId` (`count` of them) as of the board's `rewriteVersion`, so that it can be brought up to date
 * by reading only the moves recorded since (see `refreshBoardData`).
 */
export type BoardData = {
  transitions: Transition[];
  items: BoardItem[];
  lastId: number;
  count: number;
  rewriteVersion: number;
};

/**
 * Every recorded move of a board and its items now on the board.
 * Moves are selected under the engine's field names, so the driver's rows are the engine's input:
 * a board of a million moves is read into one array of objects, not two (see docs/performance.md).
 */
export async function loadBoardData(db: Db, boardId: string): Promise<BoardData> {
  const rewriteVersion = await readRewriteVersion(db, boardId);
  // Bounded by the last id seen first, so that every move held has an id ≤ lastId.
  const lastId = await readLastMoveId(db, boardId);
  const [transitions, items] = await Promise.all([
    db
      .selectFrom('transitions')
      .select(['item_id as itemId', 'from_column as from', 'to_column as to', 'at'])
      .where('board_id', '=', boardId)
      .where('id', '<=', lastId)
      .execute(),
    loadItems(db, boardId),
  ]);
  return { transitions, items, lastId, count: transitions.length, rewriteVersion };
}

/**
 * `previous` plus the moves recorded since, and the items as they are now. Moves are appended with
 * increasing ids; what else can happen to them is caught here and answered with a full load:
 * - deleted or changed by the collector (backfill, late webhooks): it bumps the board's rewrite version;
 * - deleted by anything else (the demo board's daily reset), or committed late with a lower id than a
 *   move already read (PostgreSQL, concurrent writers): the count of moves up to `lastId` changes.
 * The rewrite version is read before the moves, so a rewrite landing during this read shows next time.
 */
export async function refreshBoardData(db: Db, boardId: string, previous: BoardData): Promise<BoardData> {
  const rewriteVersion = await readRewriteVersion(db, boardId);
  if (rewriteVersion !== previous.rewriteVersion) return loadBoardData(db, boardId);
  const [count, added, items] = await Promise.all([
    countMovesUpTo(db, boardId, previous.lastId),
    movesAfter(db, boardId, previous.lastId),
    loadItems(db, boardId),
  ]);
  if (count !== previous.count) return loadBoardData(db, boardId);
  return {
    transitions: added.length === 0 ? previous.transitions : previous.transitions.concat(added.map(toMove)),
    items,
    lastId: added.at(-1)?.id ?? previous.lastId,
    count: previous.count + added.length,
    rewriteVersion,
  };
}

async function readRewriteVersion(db: Db, boardId: string): Promise<number> {
  const row = await db
    .selectFrom('boards')
    .select('rewrite_version')
    .where('id', '=', boardId)
    .executeTakeFirst();
  return Number(row?.rewrite_version ?? 0);
}

async function readLastMoveId(db: Db, boardId: string): Promise<number> {
  const row = await db
    .selectFrom('transitions')
    .select((eb) => eb.fn.max('id').as('lastId'))
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return Number(row?.lastId ?? 0);
}

async function countMovesUpTo(db: Db, boardId: string, lastId: number): Promise<number> {
  const row = await db
    .selectFrom('transitions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('board_id', '=', boardId)
    .where('id', '<=', lastId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

type NewMove = Transition & { id: number };

function movesAfter(db: Db, boardId: string, lastId: number): Promise<NewMove[]> {
  return db
    .selectFrom('transitions')
    .select(['id', 'item_id as itemId', 'from_column as from', 'to_column as to', 'at'])
    .where('board_id', '=', boardId)
    .where('id', '>', lastId)
    .orderBy('id')
    .execute();
}

/** The engine's input has the same shape whichever way a move was read. */
function toMove({ itemId, from, to, at }: NewMove): Transition {
  return { itemId, from, to, at };
}

async function loadItems(db: Db, boardId: string): Promise<BoardItem[]> {
  const rows = await db
    .selectFrom('items')
    .select(['item_id', 'number', 'title', 'url', 'milestone', 'labels', 'column_name', 'entered_column_at'])
    .where('board_id', '=', boardId)
    .where('removed_at', 'is', null)
    .execute();
  return rows.map((r) => ({
    id: r.item_id,
    number: r.number,
    title: r.title,
    url: r.url,
    milestone: r.milestone,
    labels: parseLabels(r.labels),
    column: r.column_name,
    enteredColumnAt: r.entered_column_at,
  }));
}

function parseLabels(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}
