import type { TransitionColumnsBuilder } from '@fluxion/flow';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../db/connection.ts';

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Moves read per statement, in id order: the driver's row objects of one batch are garbage before the
 * next is read, so a million moves never sit in the heap as objects (in one statement they did: ~300 MB
 * of rows, and major collections during the cold request). SQLite (better-sqlite3 reads synchronously, on
 * the event loop): small batches, so other requests get a turn between them; they cost it nothing.
 * PostgreSQL: bigger ones, since each is an index scan and a round trip.
 */
export const batchSize = (db: Db) => (isPostgres(db) ? 100_000 : 20_000);

/**
 * Appends the board's moves with after < id ≤ upTo, in id order, one batch per statement: the driver's
 * row objects of a batch are garbage before the next one is read. The next batch is asked for as soon
 * as a full one arrives (its last id is the next bound), so that PostgreSQL reads it while this one is
 * appended; better-sqlite3 reads synchronously, and gets the event loop back between batches. A failed
 * batch leaves the builder unusable for the snapshot it came from (its count moved on).
 */
export async function appendMoves(
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

/**
 * The board's rewrite version and data version, read together before its moves: moves read after it
 * hold every change up to `dataVersion` (a writer bumps it in the transaction that records them).
 */
export async function readBoardVersions(
  db: Db,
  boardId: string,
): Promise<{ rewriteVersion: number; dataVersion: number }> {
  const row = await db
    .selectFrom('boards')
    .select(['rewrite_version', 'data_version'])
    .where('id', '=', boardId)
    .executeTakeFirst();
  return { rewriteVersion: Number(row?.rewrite_version ?? 0), dataVersion: Number(row?.data_version ?? 0) };
}

/** How many moves the board has: kept by triggers on every insert and delete (migration 042). */
export async function readMoveCount(db: Db, boardId: string): Promise<number> {
  const row = await db.selectFrom('boards').select('move_count').where('id', '=', boardId).executeTakeFirst();
  return Number(row?.move_count ?? 0);
}

export async function readRewriteVersion(db: Db, boardId: string): Promise<number> {
  const row = await db
    .selectFrom('boards')
    .select('rewrite_version')
    .where('id', '=', boardId)
    .executeTakeFirst();
  return Number(row?.rewrite_version ?? 0);
}

export async function readLastMoveId(db: Db, boardId: string): Promise<number> {
  const row = await db
    .selectFrom('transitions')
    .select((eb) => eb.fn.max('id').as('lastId'))
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return Number(row?.lastId ?? 0);
}

/** Every move recorded for a board (what deleting it would delete). */
export async function countBoardMoves(db: Db, boardId: string): Promise<number> {
  const row = await db
    .selectFrom('transitions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** How many of the board's moves have after < id ≤ upTo. */
export async function countMoves(db: Db, boardId: string, after: number, upTo: number): Promise<number> {
  const row = await db
    .selectFrom('transitions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('board_id', '=', boardId)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
