import { type BoardItem, type TransitionColumns, TransitionColumnsBuilder } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { appendMoves, batchSize, countMoves, readLastMoveId, readRewriteVersion } from '../move-log/rows.ts';
import { appendStoredSegments, forgetSegments, type SegmentChain } from '../move-log/segments.ts';

/**
 * A board's moves as the flow engine takes them, and what was read to build them: the moves with ids
 * up to `lastId` (`count` of them) as of the board's `rewriteVersion`, so that they can be brought up to
 * date by reading only the moves recorded since (see `refreshBoardData`). `movesRead`: how many moves were
 * read as rows to build it (on a full load, those past the stored segments; on a refresh, the new ones);
 * `segmentMoves`: how many came from stored segments.
 */
export type BoardData = {
  transitions: TransitionColumns;
  lastId: number;
  count: number;
  rewriteVersion: number;
  movesRead: number;
  segmentMoves: number;
};

/**
 * The builder that produced a board's moves, so that a refresh appends to it. A snapshot never changes
 * when its builder grows; a builder that already moved past a snapshot is not reused (see `builderFor`).
 */
const builders = new WeakMap<TransitionColumns, TransitionColumnsBuilder>();

const noSegments: SegmentChain = { segments: 0, count: 0, lastId: 0, broken: false };

/**
 * Every recorded move of a board, as columns (`TransitionColumns`): the board is held as a few typed
 * arrays, not a million objects, and the engine reads them as they are.
 * The moves come from the board's stored segments (compact blocks the collector writes, see
 * move-log/compact.ts) and, past them, from rows read in id order, in batches (docs/performance.md).
 * When the segments do not hold as many moves as the rows they stand for (moves deleted, or committed
 * late with a lower id), they are dropped and the board is read from rows alone.
 * `batch`: moves per statement (tests make it small to cover reading in several).
 */
export async function loadBoardData(
  db: Db,
  boardId: string,
  batch = batchSize(db),
  useSegments = true,
): Promise<BoardData> {
  const rewriteVersion = await readRewriteVersion(db, boardId);
  // Bounded by the last id seen first, so that every move held has an id ≤ lastId.
  const lastId = await readLastMoveId(db, boardId);
  const builder = new TransitionColumnsBuilder(64 * 1024);
  const stored = useSegments ? await appendStoredSegments(db, boardId, builder) : noSegments;
  // What does not read is dropped, so that the next compaction stores it again.
  if (stored.broken) await forgetSegments(db, boardId, stored.segments).catch(() => undefined);
  const [rowsHeld, read] = await Promise.all([
    stored.count > 0 ? countMoves(db, boardId, 0, stored.lastId) : 0,
    appendMoves(db, boardId, builder, stored.lastId, lastId, batch),
  ]);
  if (rowsHeld !== stored.count || stored.lastId > lastId) {
    await forgetSegments(db, boardId).catch(() => undefined);
    return loadBoardData(db, boardId, batch, false);
  }
  const transitions = builder.snapshot();
  builders.set(transitions, builder);
  const count = stored.count + read.count;
  return {
    transitions,
    lastId,
    count,
    rewriteVersion,
    movesRead: read.count,
    segmentMoves: stored.count,
  };
}

/**
 * `previous` plus the moves recorded since. Moves are appended with increasing ids; what else can
 * happen to them is caught here and answered with a full load:
 * - deleted or changed (backfill, late webhooks, the demo board's daily reset): the writer bumps the
 *   board's rewrite version (`markMovesRewritten`);
 * - committed late with a lower id than a move already read (PostgreSQL, concurrent writers), or deleted
 *   without that mark: the count of moves up to `lastId` changes.
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
  const [count, added] = await Promise.all([
    countMoves(db, boardId, 0, previous.lastId),
    appendMoves(db, boardId, builder, previous.lastId, Number.MAX_SAFE_INTEGER, batch),
  ]);
  if (count !== previous.count) return loadBoardData(db, boardId, batch);
  const transitions = added.count === 0 ? previous.transitions : builder.snapshot();
  builders.set(transitions, builder);
  return {
    transitions,
    lastId: added.count === 0 ? previous.lastId : added.lastId,
    count: previous.count + added.count,
    rewriteVersion,
    movesRead: added.count,
    segmentMoves: 0,
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
 * The items now on a board, as of its item change counter `seq` (every change up to it is in) and its
 * `rewriteVersion`; `byId` holds them for a refresh; `read`: how many item rows were read to build it.
 */
export type BoardItems = {
  items: BoardItem[];
  byId: ReadonlyMap<string, BoardItem>;
  seq: number;
  rewriteVersion: number;
  read: number;
};

const ITEM_FIELDS = [
  'item_id',
  'number',
  'title',
  'url',
  'milestone',
  'labels',
  'column_name',
  'entered_column_at',
  'removed_at',
] as const;

/** The board's items now on it, all read. */
export async function loadBoardItems(db: Db, boardId: string): Promise<BoardItems> {
  const { seq, rewriteVersion } = await readItemSeq(db, boardId);
  const rows = await db
    .selectFrom('items')
    .select(ITEM_FIELDS)
    .where('board_id', '=', boardId)
    .where('removed_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.item_id, toBoardItem(r)]));
  return { items: [...byId.values()], byId, seq, rewriteVersion, read: rows.length };
}

/**
 * `previous` with the items changed since: those written by a transaction that took a later value of
 * the board's item counter (collector/queries `takeItemSeq`), added, replaced or, when they left the
 * board, dropped. A rewrite of the board (renamed columns, the demo reset) reads them all again.
 */
export async function refreshBoardItems(db: Db, boardId: string, previous: BoardItems): Promise<BoardItems> {
  const { seq, rewriteVersion } = await readItemSeq(db, boardId);
  if (rewriteVersion !== previous.rewriteVersion || seq < previous.seq) return loadBoardItems(db, boardId);
  if (seq === previous.seq) return { ...previous, read: 0 };
  const rows = await db
    .selectFrom('items')
    .select(ITEM_FIELDS)
    .where('board_id', '=', boardId)
    .where('change_seq', '>', previous.seq)
    .execute();
  const byId = new Map(previous.byId);
  for (const row of rows) {
    if (row.removed_at === null) byId.set(row.item_id, toBoardItem(row));
    else byId.delete(row.item_id);
  }
  return { items: [...byId.values()], byId, seq, rewriteVersion, read: rows.length };
}

/** Read before the items, so that every change up to `seq` is among the items read after it. */
async function readItemSeq(db: Db, boardId: string): Promise<{ seq: number; rewriteVersion: number }> {
  const row = await db
    .selectFrom('boards')
    .select(['item_seq', 'rewrite_version'])
    .where('id', '=', boardId)
    .executeTakeFirst();
  return { seq: Number(row?.item_seq ?? 0), rewriteVersion: Number(row?.rewrite_version ?? 0) };
}

type ItemRow = {
  item_id: string;
  number: number | null;
  title: string;
  url: string | null;
  milestone: string | null;
  labels: string;
  column_name: string | null;
  entered_column_at: number | null;
};

function toBoardItem(r: ItemRow): BoardItem {
  return {
    id: r.item_id,
    number: r.number,
    title: r.title,
    url: r.url,
    milestone: r.milestone,
    labels: parseLabels(r.labels),
    column: r.column_name,
    enteredColumnAt: r.entered_column_at,
  };
}

function parseLabels(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}
