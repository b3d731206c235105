import { type BoardItem, type TransitionColumns, TransitionColumnsBuilder } from '@fluxion/flow';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * A board as the flow engine takes it, and what was read to build it: the board's moves with ids up to
 * `lastId` (`count` of them) as of the board's `rewriteVersion`, so that it can be brought up to date
 * by reading only the moves recorded since (see `refreshBoardData`). `movesRead`: how many moves were
 * read from the database to build it (all of them on a full load, only the new ones on a refresh).
 */
export type BoardData = {
  transitions: TransitionColumns;
  items: BoardItem[];
  lastId: number;
  count: number;
  rewriteVersion: number;
  movesRead: number;
};

/**
 * Moves read per statement, in id order: the driver's row objects of one batch are garbage before the
 * next is read, so a million moves never sit in the heap as objects (in one statement they did: ~300 MB
 * of rows, and major collections during the cold request). SQLite (better-sqlite3 reads synchronously, on
 * the event loop): small batches, so other requests get a turn between them; they cost it nothing.
 * PostgreSQL: bigger ones, since each is an index scan and a round trip.
 */
const batchSize = (db: Db) => (db.getExecutor().adapter instanceof PostgresAdapter ? 100_000 : 20_000);

/**
 * The builder that produced a board's moves, so that a refresh appends to it. A snapshot never changes
 * when its builder grows; a builder that already moved past a snapshot is not reused (see `builderFor`).
 */
const builders = new WeakMap<TransitionColumns, TransitionColumnsBuilder>();

/**
 * Every recorded move of a board and its items now on the board. Moves are read in id order, in
 * batches, straight into columns (`TransitionColumns`): the board is held as a few typed arrays, not a
 * million objects, and the engine reads them as they are (see docs/performance.md).
 * `batch`: moves per statement (tests make it small to cover reading in several).
 */
export async function loadBoardData(db: Db, boardId: string, batch = batchSize(db)): Promise<BoardData> {
  const rewriteVersion = await readRewriteVersion(db, boardId);
  // Bounded by the last id seen first, so that every move held has an id ≤ lastId.
  const lastId = await readLastMoveId(db, boardId);
  const builder = new TransitionColumnsBuilder(64 * 1024);
  const [read, items] = await Promise.all([
    appendMoves(db, boardId, builder, 0, lastId, batch),
    loadItems(db, boardId),
  ]);
  const transitions = builder.snapshot();
  builders.set(transitions, builder);
  return { transitions, items, lastId, count: read.count, rewriteVersion, movesRead: read.count };
}

/**
 * `previous` plus the moves recorded since, and the items as they are now. Moves are appended with
 * increasing ids; what else can happen to them is caught here and answered with a full load:
 * - deleted or changed by the collector (backfill, late webhooks): it bumps the board's rewrite version;
 * - deleted by anything else (the demo board's daily reset), or committed late with a lower id than a
 *   move already read (PostgreSQL, concurrent writers): the count of moves up to `lastId` changes.
 * The rewrite version is read before the moves, so a rewrite landing during this read shows next time.
 */
export async function refreshBoardData(
  db: Db,
  boardId: string,
  previous: BoardData,
  batch = batchSize(db),
): Promise<BoardData> {
  const rewriteVersion = await readRewriteVersion(db, boardId);
  if (rewriteVersion !== previous.rewriteVersion) return loadBoardData(db, boardId, batch);
  const builder = builderFor(previous.transitions);
  const [count, added, items] = await Promise.all([
    countMovesUpTo(db, boardId, previous.lastId),
    appendMoves(db, boardId, builder, previous.lastId, Number.MAX_SAFE_INTEGER, batch),
    loadItems(db, boardId),
  ]);
  if (count !== previous.count) return loadBoardData(db, boardId, batch);
  const transitions = added.count === 0 ? previous.transitions : builder.snapshot();
  builders.set(transitions, builder);
  return {
    transitions,
    items,
    lastId: added.count === 0 ? previous.lastId : added.lastId,
    count: previous.count + added.count,
    rewriteVersion,
    movesRead: added.count,
  };
}

/**
 * The builder to append to `columns`: its own, taken (so that a second refresh from the same snapshot,
 * even a concurrent one, copies instead of appending to it too), or a copy when it moved on.
 */
function builderFor(columns: TransitionColumns): TransitionColumnsBuilder {
  const own = builders.get(columns);
  builders.delete(columns);
  return own && own.count === columns.count ? own : TransitionColumnsBuilder.from(columns);
}

/**
 * Appends the board's moves with after < id ≤ upTo, in id order, one batch per statement: the driver's
 * row objects of a batch are garbage before the next one is read. The next batch is asked for as soon
 * as a full one arrives (its last id is the next bound), so that PostgreSQL reads it while this one is
 * appended; better-sqlite3 reads synchronously, and gets the event loop back between batches. A failed
 * batch leaves the builder unusable for the snapshot it came from (taken, and its count moved on): a
 * later refresh copies the snapshot.
 */
async function appendMoves(
  db: Db,
  boardId: string,
  builder: TransitionColumnsBuilder,
  after: number,
  upTo: number,
  batch: number,
): Promise<{ count: number; lastId: number }> {
  const read = (from: number) =>
    db
      .selectFrom('transitions')
      .select(['id', 'item_id', 'from_column', 'to_column', 'at'])
      .where('board_id', '=', boardId)
      .where('id', '>', from)
      .where('id', '<=', upTo)
      .orderBy('id')
      .limit(batch)
      .execute();
  let lastId = after;
  let count = 0;
  let next = read(after);
  for (;;) {
    const rows = await next;
    if (rows.length > 0) lastId = Number((rows[rows.length - 1] as { id: number }).id);
    const full = rows.length === batch;
    if (full) next = read(lastId);
    for (const r of rows) builder.append(r.item_id, r.from_column, r.to_column, r.at);
    count += rows.length;
    if (!full) return { count, lastId };
    await new Promise((resolve) => setImmediate(resolve));
  }
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
