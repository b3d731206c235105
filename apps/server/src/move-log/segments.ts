import type { CodedRows, TransitionColumnsBuilder } from '@fluxion/flow';
import { bumpRewriteVersion, holdRewriteVersion } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';
import { decodeSegment, encodeSegment } from './codec.ts';

/**
 * What a chain of stored segments put into a builder: `count` moves, every id ≤ `lastId`; `broken`:
 * stored segments past the chain were left out.
 */
export type SegmentChain = { segments: number; count: number; lastId: number; broken: boolean };

/**
 * Appends the board's stored segments to an empty builder, in order, as far as they form an unbroken
 * chain: each starts where the previous one ended, decodes, and continues its dictionaries. What follows
 * a break is left out (the moves are then read as rows; the next compaction replaces it).
 */
export async function appendStoredSegments(
  db: Db,
  boardId: string,
  builder: TransitionColumnsBuilder,
): Promise<SegmentChain> {
  const rows = await db
    .selectFrom('transition_segments')
    .select(['seq', 'after_id', 'last_id', 'row_count', 'payload'])
    .where('board_id', '=', boardId)
    .orderBy('seq')
    .execute();
  const chain: SegmentChain = { segments: 0, count: 0, lastId: 0, broken: false };
  for (const row of rows) {
    if (!continues(chain, row) || !appendSegment(builder, row)) return { ...chain, broken: true };
    chain.segments++;
    chain.count += row.row_count;
    chain.lastId = Number(row.last_id);
  }
  return chain;
}

const continues = (chain: SegmentChain, row: { seq: number; after_id: number }) =>
  row.seq === chain.segments && Number(row.after_id) === chain.lastId;

function appendSegment(
  builder: TransitionColumnsBuilder,
  row: { payload: Uint8Array; row_count: number },
): boolean {
  try {
    const coded = decodeSegment(row.payload);
    if (coded.count !== row.row_count) return false;
    builder.appendCoded(coded);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the board's chain of stored segments ends, by their bounds alone (nothing decoded): the id past
 * which moves are rows, if every segment reads.
 */
export async function storedChainEnd(db: Db, boardId: string): Promise<number> {
  const rows = await db
    .selectFrom('transition_segments')
    .select(['seq', 'after_id', 'last_id'])
    .where('board_id', '=', boardId)
    .orderBy('seq')
    .execute();
  let end = 0;
  for (const [i, row] of rows.entries()) {
    if (row.seq !== i || Number(row.after_id) !== end) break;
    end = Number(row.last_id);
  }
  return end;
}

/**
 * Stores `rows` (the moves after_id < id ≤ last_id) as segment `seq`, replacing any segment from `seq`
 * on, unless the board's moves were rewritten since `rewriteVersion` (then nothing is stored and the
 * answer is false). The version check is a conditional no-op UPDATE of the board row: it takes the row's
 * lock (PostgreSQL) or the write lock (SQLite) before anything else in the transaction, so a concurrent
 * rewrite (`markMovesRewritten`, which bumps the version before deleting segments) either lands before
 * it, and is seen, or after the insert, and deletes what it covers.
 */
export async function storeSegment(
  db: Db,
  boardId: string,
  segment: {
    seq: number;
    afterId: number;
    lastId: number;
    rows: CodedRows;
    rewriteVersion: number;
    now: number;
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await holdRewriteVersion(trx, boardId, segment.rewriteVersion))) return false;
    await trx
      .deleteFrom('transition_segments')
      .where('board_id', '=', boardId)
      .where('seq', '>=', segment.seq)
      .execute();
    await trx
      .insertInto('transition_segments')
      .values({
        board_id: boardId,
        seq: segment.seq,
        after_id: segment.afterId,
        last_id: segment.lastId,
        row_count: segment.rows.count,
        payload: encodeSegment(segment.rows),
        created_at: segment.now,
      })
      .execute();
    return true;
  });
}

/**
 * Moves with id ≥ `fromId` were changed or deleted: loaded boards must read the board again (the rewrite
 * version), and stored segments holding such moves are dropped. Call it in the transaction that changes
 * them. The version is bumped first: see `storeSegment` for why the order matters.
 */
export async function markMovesRewritten(db: Db, boardId: string, fromId = 0): Promise<void> {
  await bumpRewriteVersion(db, boardId);
  await db
    .deleteFrom('transition_segments')
    .where('board_id', '=', boardId)
    .where('last_id', '>=', fromId)
    .execute();
}

/**
 * Drops the board's stored segments from `seq` on (they disagree with its rows, or do not read): the
 * next compaction stores them again.
 */
export async function forgetSegments(db: Db, boardId: string, seq = 0): Promise<void> {
  await db
    .deleteFrom('transition_segments')
    .where('board_id', '=', boardId)
    .where('seq', '>=', seq)
    .execute();
}
