import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * A big board as the server holds it, in one row (apps/server/src/move-log/board-snapshots.ts): its
 * moves as columns (`moves`, binary) and its items (`items`, the item snapshot's JSON text), as of the
 * board's `data_version`, `rewrite_version` and item counter `item_seq`; a first load reads this one row
 * instead of segments, rows and a count. On PostgreSQL the blob is stored uncompressed (EXTERNAL):
 * typed arrays hardly compress and TOAST's decompression would be paid on every read.
 */
export function boardSnapshots(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('board_snapshots')
        .addColumn('board_id', 'text', (c) => c.primaryKey().references('boards.id').onDelete('cascade'))
        .addColumn('data_version', 'bigint', (c) => c.notNull())
        .addColumn('rewrite_version', 'bigint', (c) => c.notNull())
        .addColumn('item_seq', 'bigint', (c) => c.notNull())
        .addColumn('last_id', 'bigint', (c) => c.notNull())
        .addColumn('move_count', 'integer', (c) => c.notNull())
        .addColumn('moves', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('item_count', 'integer', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      if (dialect === 'postgres') {
        await sql`ALTER TABLE board_snapshots ALTER COLUMN moves SET STORAGE EXTERNAL`.execute(db);
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('board_snapshots').execute();
    },
  };
}
