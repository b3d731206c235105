import { type ColumnsRoom, type TransitionColumns, TransitionColumnsBuilder } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import {
  appendMoves,
  batchSize,
  countMoves,
  readBoardVersions,
  readLastMoveId,
  readMoveCount,
} from './rows.ts';
import { appendStoredSegments, forgetSegments, type SegmentChain } from './segments.ts';
import { readEstimatedMoves, readPartialHistories } from './items.ts';

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
  /** The board's data version read before its moves: they hold every change up to it (maybe more). */
  dataVersion: number;
  movesRead: number;
  segmentMoves: number;
  /**
   * Items whose imported history is partial: item id → the instant it is known from (docs/metrics.md,
   * "Partial histories"). Marked only with a rewrite of the moves, so a refresh keeps it.
   */
  partial: ReadonlyMap<string, number>;
  /**
   * The import's estimated moves: item id → their instants (docs/metrics.md, "Reconstructed histories").
   * Written only with the partial marks, so a refresh keeps it too.
   */
  estimated: ReadonlyMap<string, ReadonlySet<number>>;
  /** Of those, the items of which only the joining was reconstructed: their start stays unknown. */
  joinedOnly: ReadonlySet<string>;
};

/**
 * The builder that produced a board's moves, so that a refresh appends to it. A snapshot never changes
 * when its builder grows; a builder that already moved past a snapshot is not reused (see `builderFor`).
 */
const builders = new WeakMap<TransitionColumns, TransitionColumnsBuilder>();

/**
 * Columns read with spare rows after them (a board snapshot's, move-log/board-snapshots.ts): their first
 * builder appends there instead of copying them. Taken by that one builder.
 */
const rooms = new WeakMap<TransitionColumns, ColumnsRoom>();

/** `columns`' first refresh appends into `room` (see `TransitionColumnsBuilder.from`). */
export function continueInRoom(columns: TransitionColumns, room: ColumnsRoom): void {
  rooms.set(columns, room);
}

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
  const { rewriteVersion, dataVersion } = await readBoardVersions(db, boardId);
  // Bounded by the last id seen first, so that every move held has an id ≤ lastId.
  const lastId = await readLastMoveId(db, boardId);
  const builder = new TransitionColumnsBuilder(64 * 1024);
  const stored = useSegments ? await appendStoredSegments(db, boardId, builder) : noSegments;
  // What does not read is dropped, so that the next compaction stores it again.
  if (stored.broken) await forgetSegments(db, boardId, stored.segments).catch(() => undefined);
  const [rowsHeld, read, partial, estimated] = await Promise.all([
    stored.count > 0 ? countMoves(db, boardId, 0, stored.lastId) : 0,
    appendMoves(db, boardId, builder, stored.lastId, lastId, batch),
    readPartialHistories(db, boardId),
    readEstimatedMoves(db, boardId),
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
    dataVersion,
    movesRead: read.count,
    segmentMoves: stored.count,
    partial,
    estimated: estimated.moves,
    joinedOnly: estimated.joinedOnly,
  };
}

/**
 * `previous` plus the moves recorded since. Moves are appended with increasing ids; what else can
 * happen to them is caught here and answered with a full load:
 * - deleted or changed (backfill, late webhooks, the demo board's daily reset): the writer bumps the
 *   board's rewrite version (`markMovesRewritten`);
 * - committed late with a lower id than a move already read (PostgreSQL, concurrent writers), or deleted
 *   without that mark: the board's move count (kept by triggers, migration 042), read after the moves,
 *   is not the number held. Every move held was committed by then, so the same number means the same
 *   moves. Moves committed between the two reads are read too (a second round) before giving up.
 * The rewrite version is read before the moves, so a rewrite landing during this read shows next time.
 */
export async function refreshBoardData(
  db: Db,
  boardId: string,
  previous: BoardData,
  batch = batchSize(db),
): Promise<BoardData> {
  const { rewriteVersion, dataVersion } = await readBoardVersions(db, boardId);
  if (rewriteVersion !== previous.rewriteVersion) return loadBoardData(db, boardId, batch);
  const builder = builderFor(previous.transitions);
  let added = await appendMoves(db, boardId, builder, previous.lastId, Number.MAX_SAFE_INTEGER, batch);
  let moveCount = await readMoveCount(db, boardId);
  if (moveCount > previous.count + added.count) {
    const more = await appendMoves(db, boardId, builder, added.lastId, Number.MAX_SAFE_INTEGER, batch);
    added = { count: added.count + more.count, lastId: more.count === 0 ? added.lastId : more.lastId };
    moveCount = await readMoveCount(db, boardId);
  }
  if (previous.count + added.count !== moveCount) return loadBoardData(db, boardId, batch);
  const transitions = added.count === 0 ? previous.transitions : builder.snapshot();
  builders.set(transitions, builder);
  return {
    transitions,
    lastId: added.count === 0 ? previous.lastId : added.lastId,
    count: previous.count + added.count,
    rewriteVersion,
    dataVersion,
    movesRead: added.count,
    segmentMoves: 0,
    partial: previous.partial,
    estimated: previous.estimated,
    joinedOnly: previous.joinedOnly,
  };
}

/**
 * The builder to append to `columns`: its own, taken (so that a second refresh from the same snapshot,
 * even a concurrent one, copies instead of appending to it too), else one continuing them in their
 * spare rows when they came with some (taken likewise), else a copy.
 */
function builderFor(columns: TransitionColumns): TransitionColumnsBuilder {
  const own = builders.get(columns);
  builders.delete(columns);
  if (own && own.count === columns.count) return own;
  const room = rooms.get(columns);
  rooms.delete(columns);
  return TransitionColumnsBuilder.from(columns, 1024, room);
}
