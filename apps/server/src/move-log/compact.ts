import { TransitionColumnsBuilder } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { allItems, itemSnapshotState, storeItemSnapshot } from './item-snapshots.ts';
import { loadBoardItems, readItemSeq } from './items.ts';
import { appendMoves, batchSize, readRewriteVersion } from './rows.ts';
import { appendStoredSegments, storedChainEnd, storeSegment } from './segments.ts';

export type CompactionOptions = {
  now: number;
  /** Moves not yet in a segment before any is written: below it, reading them as rows is cheap. */
  minRows?: number;
  /** Moves per segment at most. */
  segmentRows?: number;
  /**
   * Moves recorded less than this long ago stay rows: on PostgreSQL a transaction may commit a move
   * with a lower id than one already committed, and a segment must not be sealed before it lands.
   */
  settleMs?: number;
};

export const COMPACTION_DEFAULTS = { minRows: 10_000, segmentRows: 100_000, settleMs: 5 * 60_000 };

/**
 * Stores the board's moves that are not yet in a segment as new segments, when there are at least
 * `minRows` of them that have settled. Reads the chain so far (to continue its dictionaries) and only the
 * rows after it. Returns how many segments it stored; stops early, storing nothing more, when the
 * board's moves are rewritten meanwhile.
 */
export async function compactBoardMoves(
  db: Db,
  boardId: string,
  options: CompactionOptions,
): Promise<number> {
  const { minRows, segmentRows, settleMs } = { ...COMPACTION_DEFAULTS, ...options };
  const settledAt = options.now - settleMs;
  const rewriteVersion = await readRewriteVersion(db, boardId);
  // A cheap look first (runs after every sync): are there enough settled moves past the stored ones?
  const storedUpTo = await storedChainEnd(db, boardId);
  if ((await countSettled(db, boardId, storedUpTo, settledAt)).count < minRows) return 0;
  const builder = new TransitionColumnsBuilder(64 * 1024);
  const chain = await appendStoredSegments(db, boardId, builder);
  const { upTo } = await countSettled(db, boardId, chain.lastId, settledAt);
  let stored = 0;
  let after = chain.lastId;
  for (;;) {
    const lastId = await idAfter(db, boardId, after, upTo, segmentRows);
    if (lastId === null) return stored;
    const mark = builder.mark();
    await appendMoves(db, boardId, builder, after, lastId, batchSize(db));
    const rows = builder.codedSince(mark);
    if (rows.count < minRows && stored > 0) return stored;
    const seq = chain.segments + stored;
    const ok = await storeSegment(db, boardId, {
      seq,
      afterId: after,
      lastId,
      rows,
      rewriteVersion,
      now: options.now,
    });
    if (!ok) return stored;
    stored++;
    after = lastId;
  }
}

/**
 * The moves after `after` recorded before `settledAt` with no fresher move before them: their count,
 * and the id they reach (`after` when none). Only the rows past `after` are looked at.
 */
async function countSettled(
  db: Db,
  boardId: string,
  after: number,
  settledAt: number,
): Promise<{ count: number; upTo: number }> {
  const fresh = await db
    .selectFrom('transitions')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('board_id', '=', boardId)
    .where('id', '>', after)
    .where('recorded_at', '>', settledAt)
    .executeTakeFirst();
  const firstFresh =
    fresh?.id === null || fresh?.id === undefined ? Number.MAX_SAFE_INTEGER : Number(fresh.id);
  const settled = await db
    .selectFrom('transitions')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('id').as('id')])
    .where('board_id', '=', boardId)
    .where('id', '>', after)
    .where('id', '<', firstFresh)
    .executeTakeFirst();
  return { count: Number(settled?.count ?? 0), upTo: Number(settled?.id ?? after) };
}

/** The id of the `n`-th move after `after` (or of the last one up to `upTo` when fewer); null when none. */
async function idAfter(
  db: Db,
  boardId: string,
  after: number,
  upTo: number,
  n: number,
): Promise<number | null> {
  const ids = await db
    .selectFrom('transitions')
    .select('id')
    .where('board_id', '=', boardId)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .orderBy('id')
    .limit(1)
    .offset(n - 1)
    .execute();
  if (ids[0]) return Number(ids[0].id);
  const last = await db
    .selectFrom('transitions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('board_id', '=', boardId)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .executeTakeFirst();
  return last?.id === null || last?.id === undefined ? null : Number(last.id);
}

export type ItemSnapshotOptions = {
  now: number;
  /** Boards with fewer items read them as rows fast enough: no snapshot. */
  minItems?: number;
  /** Items changed since the snapshot before it is taken again. */
  minChanges?: number;
};

export const ITEM_SNAPSHOT_DEFAULTS = { minItems: 5_000, minChanges: 1_000 };

/**
 * Stores a snapshot of a big board's items (move-log/item-snapshots.ts) when it has none that fits its
 * rewrite version, or when `minChanges` items changed since the last one; returns whether it stored
 * one. The snapshot's counter value is read before its items, so a load that applies the items changed
 * since that value gets every change, whatever landed while the snapshot was read.
 */
export async function snapshotBoardItems(
  db: Db,
  boardId: string,
  options: ItemSnapshotOptions,
): Promise<boolean> {
  const { minItems, minChanges } = { ...ITEM_SNAPSHOT_DEFAULTS, ...options };
  const { rewriteVersion } = await readItemSeq(db, boardId);
  const stored = await itemSnapshotState(db, boardId);
  const due =
    stored && stored.rewriteVersion === rewriteVersion
      ? (await countItems(db, boardId, stored.seq, false)) >= minChanges
      : (await countItems(db, boardId, -1, true)) >= minItems;
  if (!due) return false;
  const items = await loadBoardItems(db, boardId, false);
  await storeItemSnapshot(db, boardId, { ...items, items: await allItems(items.items), now: options.now });
  return true;
}

/** How many of the board's items changed after counter value `after` (`after` = -1: all of them). */
async function countItems(db: Db, boardId: string, after: number, onBoardOnly: boolean): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('board_id', '=', boardId)
    .where('change_seq', '>', after)
    .$if(onBoardOnly, (q) => q.where('removed_at', 'is', null))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
