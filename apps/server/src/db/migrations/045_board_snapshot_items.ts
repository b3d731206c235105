import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

const MOVED = ['item_seq', 'item_count', 'items'] as const;

/**
 * A big board snapshot's items in a table of their own (`board_snapshot_items`), written in the same
 * transaction as its moves' row (move-log/board-snapshots.ts). SQLite stores a row's columns in their
 * order and reaches a later one through the overflow pages of those before it: in `board_snapshots` the
 * items came after the moves, so every read of the items walked the moves' pages first (100,000 issues:
 * ~5,300 pages, ~75 ms of CPU). Existing snapshots' items are copied over; down() copies them back and
 * drops the snapshots that have none (a snapshot is a cache: the collector takes it again).
 */
export const boardSnapshotItems = (dialect: DialectName) => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('board_snapshot_items')
      .addColumn('board_id', 'text', (c) => c.primaryKey().references('boards.id').onDelete('cascade'))
      .addColumn('rewrite_version', 'bigint', (c) => c.notNull())
      .addColumn('item_seq', 'bigint', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull())
      .addColumn('items', 'text', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO board_snapshot_items (board_id, rewrite_version, item_seq, item_count, items)
      SELECT board_id, rewrite_version, item_seq, item_count, items FROM board_snapshots`.execute(db);
    if (dialect === 'sqlite') return rebuildWithoutItems(db);
    for (const column of MOVED) await db.schema.alterTable('board_snapshots').dropColumn(column).execute();
  },
  async down(db: AnyDb) {
    await sql`DELETE FROM board_snapshots
      WHERE board_id NOT IN (SELECT board_id FROM board_snapshot_items)`.execute(db);
    await db.schema
      .alterTable('board_snapshots')
      .addColumn('item_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('board_snapshots')
      .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('board_snapshots')
      .addColumn('items', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`UPDATE board_snapshots SET
      item_seq = (SELECT i.item_seq FROM board_snapshot_items i WHERE i.board_id = board_snapshots.board_id),
      item_count = (SELECT i.item_count FROM board_snapshot_items i WHERE i.board_id = board_snapshots.board_id),
      items = (SELECT i.items FROM board_snapshot_items i WHERE i.board_id = board_snapshots.board_id)`.execute(
      db,
    );
    await db.schema.dropTable('board_snapshot_items').execute();
  },
});

/**
 * SQLite rewrites a table for each column it drops (three copies of every 20 MB snapshot, 4.9 s on a
 * 100,000-issue board): the table is made again without the items' columns and its rows copied once.
 */
async function rebuildWithoutItems(db: AnyDb) {
  await db.schema
    .createTable('board_snapshots_rebuilt')
    .addColumn('board_id', 'text', (c) => c.primaryKey().references('boards.id').onDelete('cascade'))
    .addColumn('data_version', 'bigint', (c) => c.notNull())
    .addColumn('rewrite_version', 'bigint', (c) => c.notNull())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .addColumn('move_count', 'integer', (c) => c.notNull())
    .addColumn('moves', 'blob', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO board_snapshots_rebuilt
      (board_id, data_version, rewrite_version, last_id, move_count, moves, created_at)
    SELECT board_id, data_version, rewrite_version, last_id, move_count, moves, created_at
    FROM board_snapshots`.execute(db);
  await db.schema.dropTable('board_snapshots').execute();
  await db.schema.alterTable('board_snapshots_rebuilt').renameTo('board_snapshots').execute();
}
